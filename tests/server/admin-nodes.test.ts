/**
 * `admin nodes` (issue 15): a node's token is printed once and stored only hashed, rotating it
 * refuses the old one at once, and `list` / `show` tell the operator each node's last contact, its
 * online users and its traffic. Bad arguments change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { run as nodesCommand } from '../../server/admin/nodes-command';
import { hashToken } from '../../server/identity/sessions';
import { vpnNodes } from '../../server/db/schema';
import { registerByUsername } from './helpers/accounts';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';
import { grantMembership } from './helpers/nodes';
import { V2bxAgent } from './helpers/v2bx-agent';

const [pglite] = await databaseVariants();

describe('admin nodes', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await startTestApp(pglite!);
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.app.kestrel.database.db;

  /** Runs `admin nodes <command line>` (words split on spaces). */
  async function exec(commandLine: string) {
    const lines: string[] = [];
    const code = await nodesCommand(db(), commandLine.split(' '), (line) => lines.push(line));
    return { code, lines, text: lines.join('\n') };
  }

  const tokenOf = (text: string) => /^token: (\S+)$/m.exec(text)![1]!;
  /** The agent of a vless node, as its V2bX would run with the token `add` printed. */
  const vlessAgent = (id: number, token: string) =>
    new V2bxAgent({ apiHost: origin, nodeId: id, nodeType: 'vless', key: token });

  it('add prints the token once and stores its hash; the agent settings name id and type', async () => {
    const added = await exec(
      'add --name Osaka-01 --protocol trojan --host os1.example --port 443 --sni cdn.os1.example --plans standard',
    );
    expect(added.code).toBe(0);
    const id = Number(/added node (\d+)/.exec(added.text)![1]);
    const token = tokenOf(added.text);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(added.text).toContain(`"NodeID": ${id},`);
    expect(added.text).toContain('"NodeType": "trojan"');
    expect(added.text).toContain(`ApiKey: "${token}"`);
    expect(added.text).toContain('NodeType: Trojan');
    expect(added.text).toContain('CertDomain: "cdn.os1.example"');
    const [row] = await db().select().from(vpnNodes).where(eq(vpnNodes.id, id));
    expect(row).toMatchObject({
      tokenHash: hashToken(token),
      planTypes: [1],
      sni: 'cdn.os1.example',
    });
    expect(JSON.stringify(row)).not.toContain(token);
    // A 2022 cipher gets a server key of its size.
    const ss = await exec(
      'add --name Osaka-SS --protocol ss --host os2.example --port 8388 --method 2022-blake3-aes-256-gcm',
    );
    const ssId = Number(/added node (\d+)/.exec(ss.text)![1]);
    const [ssRow] = await db().select().from(vpnNodes).where(eq(vpnNodes.id, ssId));
    expect(Buffer.from(ssRow!.serverKey!, 'base64')).toHaveLength(32);
  });

  it('rotate-token: the old token is refused at once, the new one works', async () => {
    const added = await exec('add --name Rotating --protocol vless --host rot.example --port 443');
    const id = Number(/added node (\d+)/.exec(added.text)![1]);
    const old = vlessAgent(id, tokenOf(added.text));
    expect(await old.getNodeInfo()).not.toBeNull();
    const rotated = await exec(`rotate-token ${id}`);
    expect(rotated.code).toBe(0);
    const fresh = vlessAgent(id, tokenOf(rotated.text));
    await expect(old.getUserList()).rejects.toMatchObject({ status: 403 });
    expect(await fresh.getUserList()).not.toBeNull();
    expect((await exec('rotate-token 999999')).code).toBe(1);
  });

  it('list and show: last contact, online users, traffic; unknown ids exit 1', async () => {
    const added = await exec('add --name Watched --protocol vless --host w.example --port 443');
    const id = Number(/added node (\d+)/.exec(added.text)![1]);
    const before = (await exec('list')).lines.find((l) => l.startsWith(`${id}\t`))!;
    expect(before).toContain('last contact -');
    expect(before).toContain('0 online');

    const user = await registerByUsername(t.api);
    await grantMembership(db(), user.userId, { deviceLimit: 2 });
    const agent = vlessAgent(id, tokenOf(added.text));
    await agent.getUserList();
    await agent.reportUserTraffic([
      { uid: user.userId, upload: 3 * 1024 ** 3, download: 1024 ** 3 },
    ]);
    await agent.reportNodeOnlineUsers([{ uid: user.userId, ip: '198.51.100.23' }]);

    const after = (await exec('list')).lines.find((l) => l.startsWith(`${id}\t`))!;
    expect(after).toMatch(/last contact \d{4}-\d{2}-\d{2}T/);
    expect(after).toContain('1 online');
    const shown = await exec(`show ${id}`);
    expect(shown.code).toBe(0);
    expect(shown.text).toMatch(/last user pull \d{4}-/);
    expect(shown.text).toMatch(/last traffic push \d{4}-/);
    expect(shown.text).toContain('traffic this month: up 3.00 GiB, down 1.00 GiB');
    expect(shown.text).toContain(`user ${user.userId}\t198.51.100.23`);
    expect((await exec('show 999999')).code).toBe(1);
  });

  it('disable takes a node out of service (its agent gets no users, list and show say so); enable puts it back; unknown ids exit 1', async () => {
    const added = await exec('add --name Resting --protocol vless --host rest.example --port 443');
    const id = Number(/added node (\d+)/.exec(added.text)![1]);
    const member = await registerByUsername(t.api);
    await grantMembership(db(), member.userId, { deviceLimit: 2 });
    const agent = vlessAgent(id, tokenOf(added.text));
    const listed = async () => ((await agent.getUserList()) ?? []).map((u) => u.id);
    expect(await listed()).toContain(member.userId);

    expect((await exec(`disable ${id}`)).text).toBe(`disabled node ${id}`);
    expect(await listed()).toEqual([]);
    expect((await exec('list')).lines.find((l) => l.startsWith(`${id}\t`))).toContain('disabled');
    expect((await exec(`show ${id}`)).text).toContain(`node ${id}: Resting (disabled)`);

    expect((await exec(`enable ${id}`)).text).toBe(`enabled node ${id}`);
    expect(await listed()).toContain(member.userId);
    expect((await exec(`show ${id}`)).text).toContain(`node ${id}: Resting (enabled)`);
    expect((await exec('disable 999999')).code).toBe(1);
  });

  it('bad arguments print the usage and change nothing', async () => {
    const before = await db().select().from(vpnNodes);
    for (const line of [
      'add --name X --protocol vless --host h.example --port 443 --plans gold',
      'add --name X --protocol ss --host h.example --port 1 --method 2022-blake3-chacha20-poly1305',
      'add --name X --protocol ss --host h.example --port 1 --method aes-256-gcm --sni x.example',
      'show',
      'show abc',
      'rotate-token',
      'rotate-token 1 2',
    ]) {
      const result = await exec(line);
      expect(result.code, line).toBe(2);
      expect(result.text).toContain('usage: admin nodes');
    }
    expect(await db().select().from(vpnNodes)).toEqual(before);
  });
});
