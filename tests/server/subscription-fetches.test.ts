/**
 * Who fetched a member's subscription (issue 22, item 7), through the real server on PGlite and
 * PostgreSQL: every fetch of a known link is listed for its member, newest first, with address,
 * client and whether it was served; a served fetch from an address the account was never used from
 * queues one alert, in the member's language, with the link to the reset; known addresses (an
 * earlier fetch, a sign-in) and refused fetches alert nobody; the list holds 20 and only the
 * member's own; a fault writing a fetch never fails the fetch; erasing the account erases them; the
 * hourly prune deletes every member's fetches older than 90 days, a long backlog in batches.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { SubscriptionFetch } from '../../contract/endpoints/nodes';
import { eraseAccountAreaData } from '../../server/account-area/erase';
import { rowsOf } from '../../server/db/database';
import { pruneSubscriptionFetches } from '../../server/nodes/subscription-fetches';
import { messageQueue, subscriptionFetches, users } from '../../server/db/schema';
import { registerByEmail, registerByUsername, type Registered } from './helpers/accounts';
import { enableThirdPartyClient, grantMembership, importLinkPath } from './helpers/nodes';
import { useTestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

describe.each(variants)('subscription fetches on $name', (variant) => {
  const t = useTestApp(variant);
  const db = () => t.app.kestrel.database.db;

  async function member(register: () => Promise<Registered> = () => registerByUsername(t.api)) {
    const user = await register();
    await grantMembership(db(), user.userId, { planType: 1 });
    await enableThirdPartyClient(t.api, user.token);
    return user;
  }

  const fetchFrom = async (user: Registered, ip: string, userAgent: string, path?: string) => {
    const url = path ?? (await importLinkPath(t.api, user.token));
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    return { status: response.statusCode, path: url };
  };

  const listed = async (user: Registered): Promise<SubscriptionFetch[]> => {
    const { body } = await t.api.call<{ fetches: SubscriptionFetch[] }>(
      '/api/user/user_subscription_fetches',
      {},
      { token: user.token },
    );
    expect(body.code, body.msg).toBe(200);
    return body.data.fetches;
  };

  const alertsOf = (userId: number) =>
    db()
      .select({
        recipient: messageQueue.recipient,
        subject: messageQueue.subject,
        body: messageQueue.body,
        language: messageQueue.language,
      })
      .from(messageQueue)
      .where(
        and(eq(messageQueue.userId, userId), eq(messageQueue.purpose, 'subscription_fetched')),
      );

  it('lists every fetch of the member’s links, newest first: served, and a used link asked again', async () => {
    const user = await member();
    const first = await fetchFrom(user, '203.0.113.5', 'ClashForAndroid/2.5.12');
    expect(first.status).toBe(200);
    const again = await fetchFrom(user, '198.51.100.7', 'Mozilla/5.0', first.path);
    expect(again.status).toBe(410);
    const fetches = await listed(user);
    expect(fetches.map(({ ip, client, served }) => ({ ip, client, served }))).toEqual([
      { ip: '198.51.100.7', client: 'Mozilla/5.0', served: false },
      { ip: '203.0.113.5', client: 'ClashForAndroid/2.5.12', served: true },
    ]);
    expect(Date.parse(fetches[0]!.fetchedAt)).toBeGreaterThanOrEqual(
      Date.parse(fetches[1]!.fetchedAt),
    );
    // An unknown token is nobody's fetch.
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/sub/abcdefghijklmnopqrstuvwx',
      remoteAddress: '192.0.2.1',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await listed(user)).toHaveLength(2);
  });

  it('a served fetch from a new address queues one alert with the reset link; known addresses none', async () => {
    const user = (await member(() => registerByEmail(t.api))) as Registered & { email: string };
    // The address the member signed up from (the test client's) is theirs: no alert.
    expect((await fetchFrom(user, '127.0.0.1', 'v2rayN/6.42')).status).toBe(200);
    expect(await alertsOf(user.userId)).toEqual([]);
    // A refused fetch from a new address alerts nobody (the link gave nothing).
    const used = (await fetchFrom(user, '127.0.0.1', 'v2rayN/6.42')).path;
    expect((await fetchFrom(user, '192.0.2.44', 'curl/8.5.0', used)).status).toBe(410);
    expect(await alertsOf(user.userId)).toEqual([]);
    // Served from a new address: one alert, in the member's language, naming client and address.
    expect((await fetchFrom(user, '203.0.113.9', 'Shadowrocket/1993 CFNetwork/1410')).status).toBe(
      200,
    );
    const [alert, ...more] = await alertsOf(user.userId);
    expect(more).toEqual([]);
    expect(alert!.recipient).toBe(user.email);
    expect(alert!.language).toBe('en');
    expect(alert!.subject).toContain('fetched from a new address');
    expect(alert!.body).toContain('Shadowrocket/1993');
    expect(alert!.body).toContain('203.0.113.9');
    expect(alert!.body).toMatch(/https?:\/\/[^ ]+\/user\/security#subscription-fetches$/);
    // The same address again (another link): known now, no second alert.
    expect((await fetchFrom(user, '203.0.113.9', 'Shadowrocket/1993 CFNetwork/1410')).status).toBe(
      200,
    );
    expect(await alertsOf(user.userId)).toHaveLength(1);
  });

  it('a Chinese member’s alert is in Chinese; a member without e-mail or phone gets none', async () => {
    const user = (await member(() => registerByEmail(t.api))) as Registered & { email: string };
    await db().update(users).set({ language: 'zh_CN' }).where(eq(users.id, user.userId));
    await fetchFrom(user, '203.0.113.10', 'clash-verge/v1.7.7');
    const [alert] = await alertsOf(user.userId);
    expect(alert!.language).toBe('zh_CN');
    expect(alert!.subject).toContain('订阅链接');
    const nameless = await member();
    expect((await fetchFrom(nameless, '203.0.113.11', 'clash-verge/v1.7.7')).status).toBe(200);
    expect(await alertsOf(nameless.userId)).toEqual([]);
    expect(await listed(nameless)).toHaveLength(1);
  });

  it('lists the last 20 and only the member’s own', async () => {
    const user = await member();
    const other = await member();
    await db()
      .insert(subscriptionFetches)
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          userId: user.userId,
          ip: `192.0.2.${i + 1}`,
          client: 'v2rayN/6.42',
          served: true,
          fetchedAt: new Date(Date.now() - (24 - i) * 60_000),
        })),
      );
    await fetchFrom(other, '198.51.100.99', 'clash-verge/v1.7.7');
    const fetches = await listed(user);
    expect(fetches).toHaveLength(20);
    expect(fetches[0]!.ip).toBe('192.0.2.24');
    expect(fetches.at(-1)!.ip).toBe('192.0.2.5');
    expect(fetches.some((f) => f.ip === '198.51.100.99')).toBe(false);
    expect((await listed(other)).map((f) => f.ip)).toEqual(['198.51.100.99']);
    // Another member's session cannot read them: the list is always the caller's.
    const anonymous = await t.api.call('/api/user/user_subscription_fetches', {});
    expect(anonymous.body.code).not.toBe(200);
  });

  it('the prune deletes fetches older than 90 days of every member, and keeps the rest', async () => {
    const now = new Date();
    const day = 86_400_000;
    const quiet = await member();
    const active = await member();
    // A member who never fetches again: 6,000 old rows (more than one batch) and two kept.
    const row = (userId: number, ageDays: number, i = 0) => ({
      userId,
      ip: `192.0.2.${(i % 250) + 1}`,
      client: 'v2rayN/6.42',
      served: true,
      fetchedAt: new Date(now.getTime() - ageDays * day - i * 1000),
    });
    await db()
      .insert(subscriptionFetches)
      .values(Array.from({ length: 6_000 }, (_, i) => row(quiet.userId, 91, i)));
    await db()
      .insert(subscriptionFetches)
      .values([row(quiet.userId, 89), row(quiet.userId, 1), row(active.userId, 120)]);
    expect(await pruneSubscriptionFetches(db(), now)).toBe(6_001);
    const left = rowsOf<{ user_id: number; n: number }>(
      await db().execute(sql`
        SELECT user_id, count(*)::int AS n FROM subscription_fetches
        WHERE user_id IN (${quiet.userId}, ${active.userId}) GROUP BY user_id`),
    );
    expect(left).toEqual([{ user_id: quiet.userId, n: 2 }]);
    // Nothing left to do: a second round deletes nothing of theirs.
    await pruneSubscriptionFetches(db(), now);
    expect((await listed(quiet)).map((f) => f.fetchedAt)).toHaveLength(2);
  });

  it('a fault writing the fetch never fails the fetch; erasing the account erases the fetches', async () => {
    const user = await member();
    await db().execute(
      sql`ALTER TABLE subscription_fetches ADD CONSTRAINT fault_on_write CHECK (ip = '') NOT VALID`,
    );
    try {
      expect((await fetchFrom(user, '203.0.113.12', 'v2rayN/6.42')).status).toBe(200);
    } finally {
      await db().execute(sql`ALTER TABLE subscription_fetches DROP CONSTRAINT fault_on_write`);
    }
    expect(await listed(user)).toEqual([]);
    expect((await fetchFrom(user, '203.0.113.12', 'v2rayN/6.42')).status).toBe(200);
    expect(await listed(user)).toHaveLength(1);
    await db().transaction((tx) => eraseAccountAreaData(tx, user.userId));
    const left = rowsOf<{ n: number }>(
      await db().execute(
        sql`SELECT count(*)::int AS n FROM subscription_fetches WHERE user_id = ${user.userId}`,
      ),
    );
    expect(left[0]!.n).toBe(0);
  });
});
