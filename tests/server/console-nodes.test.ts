/**
 * The console's nodes section (issue 21, item 8; docs/console.md), through the real HTTP server and
 * database: adding a node answers its token and the agents' settings once (the list, the record and
 * the audit trail never hold it), the health an agent's calls leave (last contact, online users,
 * traffic this month, status report), the 30-day traffic series from `node_traffic_daily`, token
 * rotation (the old token refused at once), disable / enable with their audit entries, bad input
 * refused in both languages with nothing changed, the step-up, and the CLI's `nodes` commands on
 * the same operator functions, audited as `cli`.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { Errors } from '../../contract';
import { consoleEndpoints } from '../../contract/endpoints/console';
import type {
  AgentSettings,
  ConsoleNode,
  NodeRecord,
} from '../../contract/endpoints/console-nodes';
import { nodeTrafficDaily, vpnNodes } from '../../server/db/schema';
import { hashToken } from '../../server/identity/sessions';
import { registerByUsername } from './helpers/accounts';
import { SITE_ORIGIN, type SignedIn, as, describeConsole } from './helpers/console';
import { grantMembership } from './helpers/nodes';

const E = consoleEndpoints;
const UNIPROXY = '/api/v1/server/UniProxy';
const DAY_MS = 86_400_000;

interface TokenAnswer {
  nodeId: number;
  token: string;
  settings: AgentSettings;
  node?: ConsoleNode;
}

await describeConsole('the console nodes section', {}, (t) => {
  // The console's clock starts at the real time: the agents' calls are stamped by the database.
  const { clock, db } = t;
  let owner: SignedIn;
  let added: TokenAnswer;

  const asOwner = (language?: string) => as(owner, language);
  const list = async () => {
    const answer = await t.consoleCall<{ nodes: ConsoleNode[] }>(E.consoleNodeList, {}, asOwner());
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer;
  };
  const record = async (nodeId: number) => {
    const answer = await t.consoleCall<NodeRecord>(E.consoleNodeRecord, { nodeId }, asOwner());
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer;
  };
  const audited = (action: string) => t.lastAudit(action);
  const snapshot = async () => ({
    nodes: await db().select().from(vpnNodes).orderBy(vpnNodes.id),
    audit: await t.auditCount(),
  });
  /** A UniProxy call as the node's agent would make it. */
  const agent = (nodeId: number, token: string, action: string, body?: unknown) =>
    t.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `${UNIPROXY}/${action}?node_type=vless&node_id=${nodeId}&token=${token}`,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
    });

  it('signs in an owner', async () => {
    owner = await t.signedInStaff('nora_owner', 'owner');
  });

  it('adds a node: its token and the V2bX and XrayR settings are answered once, only the hash is kept', async () => {
    const answer = await t.consoleCall<TokenAnswer>(
      E.consoleNodeAdd,
      {
        name: 'Sapporo 01',
        protocol: 'vless',
        host: 'jp1.nodes.example',
        port: 443,
        sni: '',
        planTypes: [2, 1, 1],
      },
      asOwner(),
    );
    expect(answer.body.code, answer.body.msg).toBe(200);
    added = answer.body.data;
    const { token, settings, nodeId } = added;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(added.node).toMatchObject({
      id: nodeId,
      name: 'Sapporo 01',
      sni: 'jp1.nodes.example',
      planTypes: [1, 2],
      enabled: true,
      hasToken: true,
      health: 'never',
      lastContactAt: null,
    });
    expect(settings.apiHost).toBe(SITE_ORIGIN);
    expect(JSON.parse(settings.v2bx)).toMatchObject({
      Core: 'xray',
      ApiHost: SITE_ORIGIN,
      ApiKey: token,
      NodeID: nodeId,
      NodeType: 'vless',
      CertConfig: { CertMode: 'file', CertDomain: 'jp1.nodes.example' },
    });
    expect(settings.xrayr).toContain('PanelType: "NewV2board"');
    expect(settings.xrayr).toContain(`ApiKey: "${token}"`);
    expect(settings.xrayr).toContain(`NodeID: ${nodeId}`);
    expect(settings.xrayr).toMatch(/NodeType: V2ray\n\s+EnableVless: true/);

    const [row] = await db().select().from(vpnNodes).where(eq(vpnNodes.id, nodeId));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const entry = await audited('node.add');
    expect(entry).toMatchObject({
      actorKind: 'staff',
      actorUsername: 'nora_owner',
      target: `node:${nodeId}`,
      after: { name: 'Sapporo 01', protocol: 'vless', port: 443, planTypes: [1, 2], enabled: true },
    });
    expect(JSON.stringify(entry)).not.toContain(token);

    // The list and the record never hold the token.
    expect(JSON.stringify((await list()).body)).not.toContain(token);
    expect(JSON.stringify((await record(nodeId)).body)).not.toContain(token);
  });

  it("shows the health an agent's calls leave: last contact, online users, traffic, status, the daily series", async () => {
    const { nodeId, token } = added;
    const member = await registerByUsername(t.api);
    await grantMembership(db(), member.userId);
    expect((await agent(nodeId, token, 'user')).statusCode).toBe(200);
    const up = 3 * 1024 ** 3;
    const down = 1024 ** 3;
    expect((await agent(nodeId, token, 'push', { [member.userId]: [up, down] })).statusCode).toBe(
      200,
    );
    expect(
      (await agent(nodeId, token, 'alive', { [member.userId]: ['198.51.100.7'] })).statusCode,
    ).toBe(200);
    const status = {
      cpu: 12.5,
      mem: { total: 2048, used: 1024 },
      swap: { total: 0, used: 0 },
      disk: { total: 4096, used: 1000 },
    };
    expect((await agent(nodeId, token, 'status', status)).statusCode).toBe(200);
    // Two days ago, and one day beyond the chart's 30: the series shows the first, not the second.
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    await db()
      .insert(nodeTrafficDaily)
      .values([
        { nodeId, day: dayOf(clock.ms - 2 * DAY_MS), upload: 500, download: 700 },
        { nodeId, day: dayOf(clock.ms - 30 * DAY_MS), upload: 9, download: 9 },
      ]);

    const listed = (await list()).body.data.nodes.find((n) => n.id === nodeId)!;
    expect(listed).toMatchObject({ health: 'online', onlineUsers: 1, onlineIps: 1 });
    expect(listed.upload).toBe(up);
    expect(listed.download).toBe(down);
    expect(listed.lastPullAt).not.toBeNull();
    expect(Date.parse(listed.lastContactAt!)).toBeGreaterThanOrEqual(
      Date.parse(listed.lastPullAt!),
    );

    const shown = (await record(nodeId)).body.data;
    expect(shown.status).toEqual(status);
    expect(shown.node.statusAt).not.toBeNull();
    expect(shown.online).toEqual([
      expect.objectContaining({ userId: member.userId, ips: ['198.51.100.7'] }),
    ]);
    expect(shown.series).toHaveLength(30);
    expect(shown.series.at(-1)).toEqual({ day: dayOf(clock.ms), upload: up, download: down });
    expect(shown.series.at(-3)).toEqual({
      day: dayOf(clock.ms - 2 * DAY_MS),
      upload: 500,
      download: 700,
    });
    expect(shown.series[0]!.day).toBe(dayOf(clock.ms - 29 * DAY_MS));
    expect(shown.series.filter((d) => d.upload > 0)).toHaveLength(2);

    // Three pull cycles after the last pull without another, the node is offline. The pull is
    // stamped by the database's clock (real time, ahead of the console's on a loaded machine).
    clock.ms = Math.max(clock.ms, Date.parse(listed.lastPullAt!)) + 181_000;
    expect((await list()).body.data.nodes.find((n) => n.id === nodeId)!.health).toBe('offline');
    clock.ms -= 181_000;
  });

  it('refuses bad settings in both languages and changes nothing', async () => {
    const before = await snapshot();
    const base = { name: 'Bad 01', protocol: 'vless', host: 'bad.nodes.example', port: 443 };
    const cases: [Record<string, unknown>, keyof typeof Errors][] = [
      [{ ...base, port: 70000 }, 'NODE_PORT_INVALID'],
      [{ ...base, port: 0 }, 'NODE_PORT_INVALID'],
      [{ ...base, port: 44.5 }, 'NODE_PORT_INVALID'],
      [{ ...base, protocol: 'wireguard' }, 'NODE_PROTOCOL_INVALID'],
      [{ ...base, protocol: 'ss' }, 'NODE_METHOD_INVALID'],
      [{ ...base, protocol: 'ss', method: 'rc4-md5' }, 'NODE_METHOD_INVALID'],
      [{ ...base, method: 'aes-256-gcm' }, 'NODE_METHOD_INVALID'],
      [{ ...base, protocol: 'ss', method: 'aes-256-gcm', sni: 'x.example' }, 'NODE_METHOD_INVALID'],
      [{ ...base, host: 'bad host' }, 'NODE_HOST_INVALID'],
      [{ ...base, sni: 'bad/sni' }, 'NODE_HOST_INVALID'],
      [{ ...base, name: '  ' }, 'NODE_NAME_INVALID'],
      [{ ...base, name: 'x'.repeat(65) }, 'NODE_NAME_INVALID'],
      [{ ...base, planTypes: [] }, 'NODE_PLANS_INVALID'],
      [{ ...base, planTypes: [3] }, 'NODE_PLANS_INVALID'],
      [{ ...base, sort: 1e6 }, 'NODE_SORT_INVALID'],
      [{ ...base, name: 'Sapporo 01' }, 'NODE_NAME_TAKEN'],
    ];
    for (const [input, key] of cases) {
      for (const language of ['en', 'zh_CN'] as const) {
        const answer = await t.consoleCall(E.consoleNodeAdd, input, asOwner(language));
        expect(answer.body.code, `${JSON.stringify(input)}: ${answer.body.msg}`).toBe(
          Errors[key].code,
        );
        expect(answer.body.msg).toBe(Errors[key][language]);
      }
    }
    for (const [endpoint, input] of [
      [E.consoleNodeRotateToken, { nodeId: 999_999 }],
      [E.consoleNodeSetEnabled, { nodeId: 999_999, enabled: false }],
      [E.consoleNodeRecord, { nodeId: 999_999 }],
      [E.consoleNodeRecord, { nodeId: 'abc' }],
    ] as const) {
      const answer = await t.consoleCall(endpoint, input, asOwner('zh_CN'));
      expect(answer.body.code).toBe(Errors.NODE_NOT_FOUND.code);
      expect(answer.body.msg).toBe(Errors.NODE_NOT_FOUND.zh_CN);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('rotates a token: the old one is refused at once, the new one is answered once with the settings', async () => {
    const { nodeId, token: old } = added;
    const answer = await t.consoleCall<TokenAnswer>(
      E.consoleNodeRotateToken,
      { nodeId },
      asOwner(),
    );
    expect(answer.body.code, answer.body.msg).toBe(200);
    const { token } = answer.body.data;
    expect(token).not.toBe(old);
    expect(JSON.parse(answer.body.data.settings.v2bx)).toMatchObject({
      ApiKey: token,
      NodeID: nodeId,
    });
    expect(answer.body.data.settings.xrayr).toContain(`ApiKey: "${token}"`);
    expect((await agent(nodeId, old, 'user')).statusCode).toBe(403);
    expect((await agent(nodeId, token, 'user')).statusCode).toBe(200);

    const entry = await audited('node.rotate-token');
    expect(entry).toMatchObject({ actorKind: 'staff', target: `node:${nodeId}` });
    expect(JSON.stringify(entry)).not.toContain(token);
    expect(JSON.stringify((await list()).body)).not.toContain(token);
    expect(JSON.stringify((await record(nodeId)).body)).not.toContain(token);
    added = { ...added, token };
  });

  it('disables a node (its agent gets no users) and enables it again, each audited with before and after', async () => {
    const { nodeId, token } = added;
    const users = async () =>
      (JSON.parse((await agent(nodeId, token, 'user')).body) as { users: unknown[] }).users;
    expect((await users()).length).toBeGreaterThan(0);

    const off = await t.consoleCall(E.consoleNodeSetEnabled, { nodeId, enabled: false }, asOwner());
    expect(off.body).toMatchObject({ code: 200, data: { enabled: false } });
    expect(await users()).toEqual([]);
    expect((await record(nodeId)).body.data.node).toMatchObject({
      enabled: false,
      health: 'disabled',
    });
    expect(await audited('node.disable')).toMatchObject({
      actorKind: 'staff',
      target: `node:${nodeId}`,
      before: { name: 'Sapporo 01', enabled: true },
      after: { name: 'Sapporo 01', enabled: false },
    });

    const on = await t.consoleCall(E.consoleNodeSetEnabled, { nodeId, enabled: true }, asOwner());
    expect(on.body).toMatchObject({ code: 200, data: { enabled: true } });
    expect((await users()).length).toBeGreaterThan(0);
    expect(await audited('node.enable')).toMatchObject({
      before: { enabled: false },
      after: { enabled: true },
    });
  });

  it("the CLI's nodes commands run the same operator functions, audited as cli, with the same settings", async () => {
    const run = await t.runCli([
      'nodes',
      'add',
      '--name',
      'Osaka SS',
      '--protocol',
      'ss',
      '--host',
      'os1.nodes.example',
      '--port',
      '8388',
      '--method',
      '2022-blake3-aes-128-gcm',
      '--plans',
      'lite',
    ]);
    expect(run.code, run.err.join('\n')).toBe(0);
    const nodeId = Number(/added node (\d+)/.exec(run.out.join('\n'))![1]);
    const token = /^token: (\S+)$/m.exec(run.out.join('\n'))![1]!;
    const text = run.out.join('\n');
    expect(text).toContain(`"ApiHost": "${SITE_ORIGIN}"`);
    expect(text).toContain('"Core": "sing"');
    expect(text).toContain('NodeType: Shadowsocks');
    expect(text).toContain('CertMode: none');
    expect(await audited('node.add')).toMatchObject({
      actorKind: 'cli',
      target: `node:${nodeId}`,
      after: {
        name: 'Osaka SS',
        protocol: 'ss',
        method: '2022-blake3-aes-128-gcm',
        planTypes: [2],
      },
    });
    const command = await audited('cli.command');
    expect(command).toMatchObject({ actorKind: 'cli', target: 'nodes add' });
    expect(JSON.stringify(command)).not.toContain(token);

    const disabled = await t.runCli(['nodes', 'disable', String(nodeId)]);
    expect(disabled.code).toBe(0);
    expect(await audited('node.disable')).toMatchObject({
      actorKind: 'cli',
      target: `node:${nodeId}`,
    });
    const rotated = await t.runCli(['nodes', 'rotate-token', String(nodeId)]);
    expect(rotated.code).toBe(0);
    expect(await audited('node.rotate-token')).toMatchObject({ actorKind: 'cli' });

    // A bad port is refused by the same rule: usage, exit 2, nothing added.
    const before = await snapshot();
    const bad = await t.runCli([
      'nodes',
      'add',
      '--name',
      'Bad port',
      '--protocol',
      'vless',
      '--host',
      'bp.nodes.example',
      '--port',
      '70000',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.out.join('\n')).toContain(Errors.NODE_PORT_INVALID.en);
    expect((await snapshot()).nodes).toEqual(before.nodes);
  });

  it('adding a node and rotating a token ask a fresh second factor after 5 minutes; nothing changes', async () => {
    clock.advance(5 * 60_000 + 1_000);
    const before = await snapshot();
    const add = await t.consoleCall(
      E.consoleNodeAdd,
      { name: 'Late 01', protocol: 'trojan', host: 'late.nodes.example', port: 443 },
      asOwner(),
    );
    expect(add.status).toBe(403);
    expect(add.body.code).toBe(Errors.STEP_UP_REQUIRED.code);
    const rotate = await t.consoleCall(
      E.consoleNodeRotateToken,
      { nodeId: added.nodeId },
      asOwner(),
    );
    expect(rotate.body.code).toBe(Errors.STEP_UP_REQUIRED.code);
    expect((await snapshot()).nodes).toEqual(before.nodes);
    // Disabling hands out nothing: no step-up.
    const off = await t.consoleCall(
      E.consoleNodeSetEnabled,
      { nodeId: added.nodeId, enabled: true },
      asOwner(),
    );
    expect(off.body.code, off.body.msg).toBe(200);
  });
});
