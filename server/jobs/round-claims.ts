/**
 * A background job's rounds across processes (issue 23): every server process keeps its own timer,
 * and before a round it claims the job in `job_rounds` (migration 0019) with one statement, which
 * succeeds only when the job is due and no other round holds it. So with three processes behind a
 * proxy the reconciliation, group ending and chain watcher still run once per interval, not three
 * times. The holder releases the job when its round ends; a process that dies in the middle of a
 * round holds it until its lease runs out (ten intervals, at least five minutes). A claim the
 * database cannot answer skips the round (logged): the next interval tries again.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/database';

/** Claims the job's next round: a release to call when the round ends, or undefined to skip it. */
export type RoundClaim = () => Promise<(() => Promise<void>) | undefined>;

/** Every round is this process's: one process with no other (and jobs run by hand). */
export const ownRounds: RoundClaim = async () => async () => undefined;

const MIN_LEASE_SECONDS = 300;

export interface RoundClaimLog {
  error(obj: unknown, message: string): void;
}

export function claimRounds(
  db: Db,
  job: { readonly name: string; readonly everySeconds: number },
  log: RoundClaimLog,
): RoundClaim {
  const holder = randomUUID();
  const lease = Math.max(job.everySeconds * 10, MIN_LEASE_SECONDS);
  return async () => {
    try {
      const claimed = rowsOf(
        await db.execute(sql`
          INSERT INTO job_rounds AS j (name, next_at, running_until, holder, last_started_at)
          VALUES (${job.name}, now() + make_interval(secs => ${job.everySeconds}),
            now() + make_interval(secs => ${lease}), ${holder}, now())
          ON CONFLICT (name) DO UPDATE SET next_at = excluded.next_at,
            running_until = excluded.running_until, holder = excluded.holder,
            last_started_at = excluded.last_started_at
          WHERE j.next_at <= now() AND (j.running_until IS NULL OR j.running_until <= now())
          RETURNING 1 AS claimed`),
      );
      if (claimed.length === 0) return undefined;
    } catch (error) {
      log.error({ err: error, job: job.name }, 'job round: claim failed, round skipped');
      return undefined;
    }
    return async () => {
      try {
        await db.execute(sql`
          UPDATE job_rounds SET running_until = NULL WHERE name = ${job.name} AND holder = ${holder}`);
      } catch (error) {
        // The lease runs out on its own.
        log.error({ err: error, job: job.name }, 'job round: release failed');
      }
    };
  };
}
