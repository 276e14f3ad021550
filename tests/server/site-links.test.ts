/**
 * Issue 19, item 11: the links people share (group invite, third-party subscription link and the
 * Clash / sing-box imports built on it) name PUBLIC_ORIGIN when it is set, else the address the
 * server listens on (http://127.0.0.1:<port> by default), never localhost and never the Host
 * header. The subscription link is fetched over the real socket: it works where it points.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerByUsername } from './helpers/accounts';
import { groupCalls, makeUsers } from './helpers/group-buy';
import { expectOk } from './helpers/store';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

async function sharedLinks(t: TestApp): Promise<{ invite: string; subscription: string }> {
  const db = t.app.kestrel.database.db;
  const [creator] = await makeUsers(db, 1);
  const started = expectOk(await groupCalls(t.api).start(creator!.token));

  const user = await registerByUsername(t.api);
  await db.execute(
    sql`UPDATE users SET expire_time = now() + interval '30 days', plan_type = 1 WHERE id = ${user.userId}`,
  );
  // A forged Host must not leak into a link.
  const headers = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };
  const call = (path: string, params: Record<string, unknown> = {}) =>
    t.api.call<{ url: string }>(path, params, { token: user.token, headers });
  expectOk(await call('/api/user/user_third_party_client_toggle', { enabled: true }));
  const issued = expectOk(await call('/api/user/user_third_party_client_link'));
  return { invite: started.inviteLink, subscription: issued.url };
}

describe.each(variants)('shared links on $name', (variant) => {
  let listening: TestApp;
  let withOrigin: TestApp;
  beforeAll(async () => {
    [listening, withOrigin] = await Promise.all([
      startTestApp(variant, { env: { PORT: '0', HOST: '127.0.0.1' } }),
      startTestApp(variant, { env: { PUBLIC_ORIGIN: 'https://vpn.example/' } }),
    ]);
    await listening.app.listen({ port: 0, host: '127.0.0.1' });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all([listening?.close(), withOrigin?.close()]);
  });

  it('name the listening address without PUBLIC_ORIGIN, and the subscription link answers there', async () => {
    const { port } = listening.app.server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    const { invite, subscription } = await sharedLinks(listening);
    expect(invite).toMatch(new RegExp(`^${origin}/group-buying\\?group=[A-Za-z0-9_-]{32}$`));
    expect(subscription).toMatch(new RegExp(`^${origin}/sub/[A-Za-z0-9_-]+$`));
    const fetched = await fetch(subscription, { headers: { 'user-agent': 'mihomo' } });
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toContain('yaml');
  });

  it('name the first PUBLIC_ORIGIN when it is set', async () => {
    const { invite, subscription } = await sharedLinks(withOrigin);
    expect(invite).toMatch(/^https:\/\/vpn\.example\/group-buying\?group=[A-Za-z0-9_-]{32}$/);
    expect(subscription).toMatch(/^https:\/\/vpn\.example\/sub\/[A-Za-z0-9_-]+$/);
  });
});
