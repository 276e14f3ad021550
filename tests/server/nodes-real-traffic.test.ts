/**
 * Real traffic, end to end (issue 15): two VPN nodes (VLESS and Trojan over TLS) run by Debian's
 * v2ray, configured only from the node API the way an agent does it (pull users, write the inbound's
 * clients, reload), and members' v2ray clients built from their subscription share links. An HTTP
 * request through a client reaches a local server for a paying member; after the membership expires
 * or the subscription is reset, once the nodes have pulled again, it fails, while another member on
 * the same nodes carries on. The bytes v2ray counted come back as the member's usage. Ports
 * 18170-18189 (the nodes engineer's range).
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { registerByUsername, type Registered } from './helpers/accounts';
import { addTestNode, enableThirdPartyClient, importLinkPath } from './helpers/nodes';
import { postForm, sandboxNotification, SANDBOX_SECRET } from './helpers/payments';
import { purchase, expectOk } from './helpers/store';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { makeTestCa, V2rayClient, V2rayNode, type TestCa } from './helpers/v2ray';

const variants = await databaseVariants();
const SERVER_NAME = 'node.kestrel.test';
const GREETING = 'hello through the tunnel';
/** Offsets from the variant's base port: the target server is the base, each node takes two. */
const VLESS_PORT = 1;
const TROJAN_PORT = 3;
const FIRST_CLIENT_PORT = 5;

describe.each(variants.map((v, i) => ({ ...v, base: 18_170 + i * 10 })))(
  'real traffic through v2ray nodes on $name',
  (variant) => {
    let t: TestApp;
    let origin: string;
    let ca: TestCa;
    let target: Server;
    const targetUrl = `http://127.0.0.1:${variant.base}/`;
    const nodes: V2rayNode[] = [];
    const clients: V2rayClient[] = [];

    beforeAll(async () => {
      t = await startTestApp(variant, { env: { SANDBOX_SECRET } });
      origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
      ca = await makeTestCa();
      target = createServer((_req, res) => res.end(GREETING));
      await new Promise<void>((resolve) => target.listen(variant.base, '127.0.0.1', resolve));
    }, STARTUP_TIMEOUT_MS);

    afterAll(async () => {
      await Promise.all([...nodes, ...clients].map((p) => p.stop()));
      await new Promise((resolve) => target?.close(resolve));
      await t?.close();
    });
    const db = () => t.app.kestrel.database.db;

    async function startNode(protocol: 'vless' | 'trojan', offset: number) {
      const { agent } = await addTestNode(db(), origin, {
        name: `Real ${protocol} ${variant.name}`,
        protocol,
        host: '127.0.0.1',
        port: variant.base + offset,
        sni: SERVER_NAME,
      });
      const node = new V2rayNode(
        agent,
        { proxy: variant.base + offset, api: variant.base + offset + 1 },
        ca,
      );
      nodes.push(node);
      return node;
    }

    async function payingMember(): Promise<Registered> {
      const user = await registerByUsername(t.api);
      const order = expectOk(await purchase(t.api, user.token, { productId: 101 }));
      const notification = sandboxNotification({
        orderNo: order.orderId,
        amount: order.total.amount,
        currency: order.total.currency,
      });
      expect((await postForm(t.app, '/pay/notify/sandbox', notification)).statusCode).toBe(200);
      await enableThirdPartyClient(t.api, user.token);
      return user;
    }

    /** The member's share links, imported the way v2rayN does (a fresh single-use link). */
    async function shareLinks(user: Registered) {
      // The signed call went through inject (no real host): fetch the link's path from the listener.
      const response = await fetch(`${origin}${await importLinkPath(t.api, user.token)}`, {
        headers: { 'user-agent': 'v2rayN/6.42' },
      });
      expect(response.status).toBe(200);
      const lines = Buffer.from(await response.text(), 'base64')
        .toString('utf8')
        .split('\n');
      const linkTo = (protocol: string, port: number) => {
        const found = lines.find((l) => l.startsWith(`${protocol}://`) && l.includes(`:${port}?`));
        if (!found) throw new Error(`no ${protocol} link to port ${port} in ${lines.join('\n')}`);
        return found;
      };
      return {
        vless: linkTo('vless', variant.base + VLESS_PORT),
        trojan: linkTo('trojan', variant.base + TROJAN_PORT),
        userinfo: response.headers.get('subscription-userinfo'),
      };
    }

    let clientPort = 0;
    async function clientFor(link: string) {
      const client = new V2rayClient(variant.base + FIRST_CLIENT_PORT + clientPort);
      clientPort += 1;
      clients.push(client);
      await client.use(link, ca);
      return client;
    }

    const reaches = async (client: V2rayClient) => {
      const result = await client.get(targetUrl);
      return 'status' in result && result.status === 200 && result.body === GREETING;
    };

    it('a paying member gets through; expiry and a subscription reset cut them off at the next pull', async () => {
      const vlessNode = await startNode('vless', 1);
      const trojanNode = await startNode('trojan', 3);
      const alice = await payingMember();
      const bob = await payingMember();
      expect(await vlessNode.sync()).toBe(true);
      expect(await trojanNode.sync()).toBe(true);

      const aliceLinks = await shareLinks(alice);
      const bobLinks = await shareLinks(bob);
      const aliceVless = await clientFor(aliceLinks.vless);
      const aliceTrojan = await clientFor(aliceLinks.trojan);
      const bobVless = await clientFor(bobLinks.vless);
      expect(await reaches(aliceVless)).toBe(true);
      expect(await reaches(aliceTrojan)).toBe(true);
      expect(await reaches(bobVless)).toBe(true);

      // The nodes report what v2ray counted: real bytes, per member, as usage this month.
      await vlessNode.report();
      await trojanNode.report();
      const usage = await t.api.call<{ upload: number; download: number }>(
        '/api/user/user_traffic',
        {},
        { token: alice.token },
      );
      expect(usage.body.data.upload).toBeGreaterThan(0);
      expect(usage.body.data.download).toBeGreaterThan(GREETING.length * 2);
      const online = await t.api.call<{ devices: { ip: string; nodes: string[] }[] }>(
        '/api/user/user_online_devices',
        {},
        { token: alice.token },
      );
      expect(online.body.data.devices).toEqual([
        expect.objectContaining({
          ip: '127.0.0.1',
          nodes: expect.arrayContaining([expect.any(String)]),
        }),
      ]);
      expect(online.body.data.devices[0]!.nodes).toHaveLength(2);
      // The next import shows the same figures in its subscription-userinfo header.
      const again = await shareLinks(alice);
      expect(again.userinfo).toContain(
        `upload=${usage.body.data.upload}; download=${usage.body.data.download}; total=0; expire=`,
      );

      // Nothing changed: the agents' pulls answer 304 and the cores are not reloaded.
      expect(await vlessNode.sync()).toBe(false);

      // Alice's membership ends (moved in the database, no waiting).
      await db()
        .update(users)
        .set({ expireTime: sql`now() - interval '1 second'` })
        .where(eq(users.id, alice.userId));
      // Before the nodes pull, they still serve her: the store does not reach into the node.
      expect(await reaches(aliceVless)).toBe(true);
      expect(await vlessNode.sync()).toBe(true);
      expect(await trojanNode.sync()).toBe(true);
      expect(await reaches(aliceVless)).toBe(false);
      expect(await reaches(aliceTrojan)).toBe(false);
      expect(await reaches(bobVless)).toBe(true);

      // She renews: the same credentials work again after the next pull.
      await db()
        .update(users)
        .set({ expireTime: sql`now() + interval '30 days'` })
        .where(eq(users.id, alice.userId));
      await vlessNode.sync();
      expect(await reaches(aliceVless)).toBe(true);

      // She resets her subscription: the old credential dies at the next pull, a new import works.
      const reset = await t.api.call(
        '/api/user/user_reset_subscription',
        { confirm: true },
        { token: alice.token },
      );
      expect(reset.body.code, reset.body.msg).toBe(200);
      await vlessNode.sync();
      expect(await reaches(aliceVless)).toBe(false);
      expect(await reaches(bobVless)).toBe(true);
      const fresh = await clientFor((await shareLinks(alice)).vless);
      expect(await reaches(fresh)).toBe(true);
    }, 120_000);
  },
);
