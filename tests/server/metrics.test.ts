/**
 * Prometheus metrics (issue 23; server/web/metrics.ts), on PGlite and PostgreSQL: off without
 * METRICS_TOKEN, a 404 without the right bearer token, and with it the figures an operator scrapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();
const TOKEN = 'metrics-test-token-0123456789';

describe.each(variants)('metrics on $name', (variant) => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await startTestApp(variant, { env: { METRICS_TOKEN: TOKEN } });
    off = await startTestApp(variant);
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });
  const scrape = async (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('is off without METRICS_TOKEN, and a 404 without the right bearer token', async () => {
    const answer = await off.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.body).not.toContain('kestrel_');
    expect(off.app.metrics).toBeUndefined();
    for (const wrong of [undefined, 'Bearer nope', `Basic ${TOKEN}`, TOKEN]) {
      const refused = await scrape(wrong);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('kestrel_');
    }
  });

  it('counts requests by route, and reads the queue, payments, jobs and messages', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.kestrel.database.db.execute(sql`
      INSERT INTO job_rounds (name, next_at) VALUES ('metrics-test', now() - interval '90 seconds')`);
    const failing = t.app.metrics!.countedMailer({
      send: () => Promise.reject(new Error('smtp down')),
    });
    await expect(failing.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow(
      'smtp down',
    );
    await t.app.metrics!.countedSms({ send: async () => undefined }).send({
      to: '+8613800000000',
      text: 'code',
    });

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    expect(
      value(text, 'kestrel_http_requests_total{route="/healthz",method="GET",status="200"}'),
    ).toBe(2);
    expect(
      value(text, 'kestrel_http_request_duration_seconds_count{route="/healthz",method="GET"}'),
    ).toBe(2);
    expect(value(text, 'kestrel_signature_queue_depth')).toBe(0);
    expect(value(text, 'kestrel_job_overdue_seconds{job="metrics-test"}')).toBeGreaterThanOrEqual(
      89,
    );
    expect(value(text, 'kestrel_messages_total{channel="mail",outcome="failed"}')).toBe(1);
    expect(value(text, 'kestrel_messages_total{channel="sms",outcome="sent"}')).toBe(1);
    expect(text).toContain('# TYPE kestrel_payments_credited gauge');
    expect(text).toContain('process_cpu_seconds_total');
    if (variant.name === 'postgres')
      expect(value(text, 'kestrel_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });
});
