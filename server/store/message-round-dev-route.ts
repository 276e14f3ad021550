/**
 * Dev route (server/web/dev-routes.ts: loopback clients only, never in PROD): `POST /dev/messages/round`
 * runs one round of the jobs that write to members on their own (docs/messages.md), at once: the
 * renewal reminders due now are queued, then every due message is sent, as the two repeated jobs do
 * every 10 minutes and 30 seconds. The e2e server runs no repeated job, so a journey reads a
 * reminder or a receipt in the dev outbox after this. Answers `{ queued, sent, retried, failed }`.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { MessageDelivery } from '../messaging/delivery';
import { sendDueMessages } from '../messaging/message-queue';
import { queueRenewalReminders } from './renewal-reminders';

export interface MessageRoundDeps {
  readonly db: Db;
  readonly delivery: MessageDelivery;
  readonly now: () => Date;
  readonly siteOrigin: () => string;
}

export function registerMessageRoundDevRoute(app: FastifyInstance, deps: MessageRoundDeps): void {
  app.devRoute({
    method: 'POST',
    url: '/dev/messages/round',
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const queued = await queueRenewalReminders(deps);
      const { sent, retried, failed } = await sendDueMessages({ ...deps, log: request.log });
      return { queued, sent, retried, failed };
    },
  });
}
