import { ownRounds, type RoundClaim } from './round-claims';

/**
 * Runs a background round every `intervalSeconds` (reconciliation, the crypto watcher): never two
 * rounds of one job at once, the timer never keeps the process alive, and `stop` waits for the
 * round in flight so the database is not closed under it. `round` must not throw. With `claim`
 * (round-claims.ts) a round runs only when this process wins it, so several processes run one.
 */
export function repeatJob(
  round: () => Promise<unknown>,
  intervalSeconds: number,
  claim: RoundClaim = ownRounds,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = claimedRound(round, claim).finally(schedule);
    }, intervalSeconds * 1000);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

async function claimedRound(round: () => Promise<unknown>, claim: RoundClaim): Promise<void> {
  const release = await claim();
  if (!release) return;
  try {
    await round();
  } finally {
    await release();
  }
}

/** `repeatJob` for a round that may throw: a failed round is logged as `failure`, the next one still runs. */
export function repeatLoggedJob(
  round: () => Promise<unknown>,
  log: { error(obj: unknown, message: string): void },
  failure: string,
  intervalSeconds: number,
  claim: RoundClaim = ownRounds,
): { stop(): Promise<void> } {
  return repeatJob(
    () => round().catch((error: unknown) => log.error({ err: error }, failure)),
    intervalSeconds,
    claim,
  );
}

/** How a background job is started: with its deps, every `intervalSeconds`, by `claim`'s rounds. */
export type StartJob<D> = (
  deps: D,
  intervalSeconds: number,
  claim?: RoundClaim,
) => { stop(): Promise<void> };

/** The start of a job whose round may throw: a failed round is logged as `failure` by `deps.log`. */
export function loggedJob<D extends { log: { error(obj: unknown, message: string): void } }>(
  round: (deps: D) => Promise<unknown>,
  failure: string,
): StartJob<D> {
  return (deps, intervalSeconds, claim) =>
    repeatLoggedJob(() => round(deps), deps.log, failure, intervalSeconds, claim);
}
