/**
 * Jobs a plugin repeats while the server runs (the core's payment reconciliation, a feature's group
 * ending or chain watcher): started once the server is ready, stopped in `preClose`, which runs before
 * every `onClose` hook, so the round in flight ends before the database closes. A plugin writes what
 * it needs at first start (settings defaults, demo data) in its own body, which runs before the server
 * is ready, in plugin order (server/app.ts).
 */
import type { FastifyInstance } from 'fastify';

export interface RepeatedJob {
  /** Short, stable name, for the logs. */
  readonly name: string;
  /** 0 or less: the job does not run here. */
  readonly everySeconds: number;
  /** Starts the job; `stop` waits for the round in flight. */
  start(): { stop(): Promise<void> };
}

export function repeatWhileRunning(app: FastifyInstance, job: RepeatedJob): void {
  if (job.everySeconds <= 0) return;
  let running: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    running = job.start();
  });
  app.addHook('preClose', async () => running?.stop());
}
