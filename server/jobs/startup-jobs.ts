/**
 * Jobs a plugin repeats while the server runs (the core's payment reconciliation, a feature's group
 * ending or chain watcher): started once the server is ready, stopped in `preClose`, which runs before
 * every `onClose` hook, so the round in flight ends before the database closes. A plugin writes what
 * it needs at first start (settings defaults, demo data) in its own body, which runs before the server
 * is ready, in plugin order (server/app.ts). Each round is claimed in the database first, so with
 * several processes a job runs once per interval, not once per process (round-claims.ts).
 */
import type { FastifyInstance } from 'fastify';
import { claimRounds, type RoundClaim } from './round-claims';

export interface RepeatedJob {
  /** Short, stable name, for the logs. */
  readonly name: string;
  /** 0 or less: the job does not run here. */
  readonly everySeconds: number;
  /** Starts the job, whose rounds run when `claim` wins them; `stop` waits for the round in flight. */
  start(claim: RoundClaim): { stop(): Promise<void> };
}

export function repeatWhileRunning(app: FastifyInstance, job: RepeatedJob): void {
  if (job.everySeconds <= 0) return;
  let running: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    running = job.start(claimRounds(app.services.db, job, app.log.child({ job: job.name })));
  });
  app.addHook('preClose', async () => running?.stop());
}
