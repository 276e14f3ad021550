/**
 * Prometheus metrics at `/metrics` (issue 23; docs/operations.md "Metrics"): off unless METRICS_TOKEN
 * is set, then answered only with `Authorization: Bearer <METRICS_TOKEN>` (anything else is a 404, as
 * if off). Per process: requests and their latency by route (the API's endpoints and the node API's
 * calls are routes of their own, so node pulls and pushes are `route="/api/v1/server/UniProxy/…"`),
 * the signature queue's depth, the database pool's use, mail and SMS sent and failed, and Node's own
 * (CPU, memory, event loop). Read from the database at each scrape, so the same in every process:
 * payments credited by gateway and how overdue each background job is.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { rowsOf, type Database } from '../db/database';
import { safeEqual } from '../identity/safe-equal';
import type { Mailer, SmsSender } from '../messaging/delivery';
import { quietLogLevel } from './quiet-log-level';

export interface Metrics {
  /** The API's signature queue, once the API routes made it. */
  watchSignatureQueue(queue: { readonly pending: number }): void;
  /** The mailer and SMS sender, counting what they send and what fails. */
  countedMailer(mailer: Mailer): Mailer;
  countedSms(sms: SmsSender): SmsSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined while metrics are off (no METRICS_TOKEN). */
    metrics: Metrics | undefined;
  }
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerMetrics(
  app: FastifyInstance,
  { token, database }: { readonly token: string | undefined; readonly database: Database },
): void {
  if (!token) {
    app.decorate('metrics', undefined);
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'kestrel_http_requests_total',
    help: 'Requests answered, by route, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'kestrel_http_request_duration_seconds',
    help: 'Time to answer a request, by route and method.',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });

  let signatureQueue: { readonly pending: number } | undefined;
  new Gauge({
    name: 'kestrel_signature_queue_depth',
    help: 'API signature checks waiting for their turn (SERVER_BUSY beyond API_SIGNATURE_QUEUE_MAX).',
    registers: [registry],
    collect() {
      this.set(signatureQueue?.pending ?? 0);
    },
  });
  new Gauge({
    name: 'kestrel_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting requests); absent on PGlite.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'kestrel_payments_credited',
    help: 'Payments credited so far, by gateway and status (from the database).',
    labelNames: ['gateway', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ gateway: string; status: string; n: number }>(
        await database.db.execute(sql`
          SELECT gateway, status, count(*)::int AS n FROM payments GROUP BY gateway, status`),
      );
      for (const r of rows) this.set({ gateway: r.gateway, status: r.status }, Number(r.n));
    },
  });
  new Gauge({
    name: 'kestrel_job_overdue_seconds',
    help: 'How long past its due time each background job has not started (0 when on time).',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ name: string; overdue: number }>(
        await database.db.execute(sql`
          SELECT name, greatest(extract(epoch FROM now() - next_at), 0)::float8 AS overdue
          FROM job_rounds`),
      );
      for (const r of rows) this.set({ job: r.name }, Number(r.overdue));
    },
  });
  const messages = new Counter({
    name: 'kestrel_messages_total',
    help: 'Mail and SMS handed to the provider, by channel and outcome (sent, failed).',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  const counted = async (channel: 'mail' | 'sms', send: () => Promise<void>) => {
    try {
      await send();
      messages.inc({ channel, outcome: 'sent' });
    } catch (error) {
      messages.inc({ channel, outcome: 'failed' });
      throw error;
    }
  };

  app.decorate('metrics', {
    watchSignatureQueue(queue) {
      signatureQueue = queue;
    },
    countedMailer: (mailer) => ({
      send: (message) => counted('mail', () => mailer.send(message)),
      close: () => mailer.close?.(),
    }),
    countedSms: (sms) => ({ send: (message) => counted('sms', () => sms.send(message)) }),
  } satisfies Metrics);

  const expected = `Bearer ${token}`;
  app.get('/metrics', { logLevel: quietLogLevel(app) }, async (request, reply) => {
    const presented = request.headers.authorization ?? '';
    if (!safeEqual(presented, expected))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
