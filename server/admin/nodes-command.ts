/**
 * `admin nodes ...`: the VPN nodes, their agents' tokens and what the agents report (docs/nodes.md).
 *   list                      one line per node: state, protocol, name, address, plans, token,
 *                             last contact, online users
 *   show <id>                 settings, last pull/push/status, traffic this month, who is online
 *   add --name N --protocol vless|trojan|ss --host H --port P [--sni S] [--method M]
 *       [--plans standard,lite] [--sort N]
 *                             prints the node's id and its API token (shown this once)
 *   rotate-token <id>         prints a new token; the old one stops working at once
 *   disable <id> | enable <id>
 * Shadowsocks needs --method; the others take --sni (default: the host). Bad arguments print the
 * usage, change nothing and exit 2; an unknown id exits 1.
 */
import { eq } from 'drizzle-orm';
import { NODE_AGENT } from '../../contract/nodes';
import { isUniqueViolation, type Db } from '../db/database';
import { vpnNodes, type NodeProtocol } from '../db/schema';
import {
  createNode,
  nodeOverviews,
  onlineUsersOn,
  rotateNodeToken,
  type NodeOverview,
} from '../nodes/manage-nodes';
import { NODE_TYPE_OF, SS_METHODS } from '../nodes/node-protocols';
import { UNIPROXY_PREFIX } from '../nodes/uniproxy-routes';
import { parseId, parseOptions } from './command-args';
import { isoOrDash } from './format';

export const NODES_USAGE = [
  'usage: admin nodes list',
  '       admin nodes show <id>',
  '       admin nodes add --name N --protocol vless|trojan|ss --host H --port P [--sni S] [--method M] [--plans standard,lite] [--sort N]',
  '       admin nodes rotate-token <id>',
  '       admin nodes disable <id>',
  '       admin nodes enable <id>',
];

const PROTOCOLS: readonly NodeProtocol[] = ['vless', 'trojan', 'ss'];
const PLAN_NAMES: Readonly<Record<string, 1 | 2>> = { standard: 1, lite: 2 };
const HOST_PATTERN = /^[A-Za-z0-9.-]{1,253}$|^[0-9a-fA-F:]{2,39}$/;

type Out = (line: string) => void;

function usage(out: Out, reason?: string): number {
  if (reason) out(reason);
  NODES_USAGE.forEach((line) => out(line));
  return 2;
}

const planNames = (types: readonly number[]) =>
  types.map((t) => (t === 1 ? 'standard' : 'lite')).join(',');

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;

/** The most recent of a node's contacts, or '-' when it never called. */
function lastContact(node: NodeOverview['node']): string {
  const times = [node.lastPullAt, node.lastPushAt, node.statusAt].filter(
    (t): t is Date => t !== null,
  );
  return isoOrDash(times.length > 0 ? new Date(Math.max(...times.map(Number))) : null);
}

function printTokenHelp(out: Out, id: number, protocol: NodeProtocol, token: string) {
  out(`token: ${token}`);
  out('(shown this once: only its hash is stored; `rotate-token` makes a new one)');
  out(
    `agent settings (V2bX / XrayR): ApiHost <site origin>, NodeID ${id}, NodeType ${NODE_TYPE_OF[protocol]}, ApiKey <token>`,
  );
  out(`the agent calls ${UNIPROXY_PREFIX}/{config,user,push,alive,alivelist,status}`);
}

async function list(db: Db, out: Out): Promise<number> {
  const overviews = await nodeOverviews(db);
  for (const { node, onlineUsers } of overviews)
    out(
      [
        node.id,
        node.enabled ? 'enabled' : 'disabled',
        node.protocol,
        node.name,
        `${node.host}:${node.port}`,
        planNames(node.planTypes),
        node.tokenHash ? 'token' : 'no-token',
        `last contact ${lastContact(node)}`,
        `${onlineUsers} online`,
      ].join('\t'),
    );
  if (overviews.length === 0) out('no nodes');
  return 0;
}

async function show(db: Db, id: number, out: Out): Promise<number> {
  const overview = (await nodeOverviews(db)).find((o) => o.node.id === id);
  if (!overview) {
    out(`no node ${id}`);
    return 1;
  }
  const { node } = overview;
  out(`node ${node.id}: ${node.name} (${node.enabled ? 'enabled' : 'disabled'})`);
  out(`protocol ${node.protocol} (node_type ${NODE_TYPE_OF[node.protocol]})`);
  out(`address ${node.host}:${node.port}`);
  if (node.sni) out(`tls server name ${node.sni}`);
  if (node.method) out(`cipher ${node.method}${node.serverKey ? ' (server key set)' : ''}`);
  out(`plans ${planNames(node.planTypes)}`);
  out(`token ${node.tokenHash ? 'set' : 'none (run rotate-token)'}`);
  out(`last user pull ${isoOrDash(node.lastPullAt)}`);
  out(`last traffic push ${isoOrDash(node.lastPushAt)}`);
  if (node.status && node.statusAt) {
    const { cpu, mem, disk } = node.status;
    out(
      `last status ${isoOrDash(node.statusAt)}: cpu ${cpu}%, mem ${mem.used}/${mem.total}, disk ${disk.used}/${disk.total}`,
    );
  } else out('last status -');
  out(`traffic this month: up ${gib(overview.upload)}, down ${gib(overview.download)}`);
  const online = await onlineUsersOn(db, node.id);
  out(
    `online users (seen in the last ${NODE_AGENT.onlineIpTtlSeconds} s): ${online.length}, IPs: ${overview.onlineIps}`,
  );
  for (const user of online)
    out(`  user ${user.userId}\t${user.ips.join(', ')}\tseen ${isoOrDash(user.lastSeenAt)}`);
  return 0;
}

async function add(db: Db, rest: string[], out: Out): Promise<number> {
  const options = parseOptions(rest, [
    'name',
    'protocol',
    'host',
    'port',
    'sni',
    'method',
    'plans',
    'sort',
  ]);
  if (!options) return usage(out);
  const protocol = options.protocol as NodeProtocol;
  const port = Number(options.port);
  const sort = options.sort === undefined ? 0 : Number(options.sort);
  const name = options.name?.trim();
  const plans = (options.plans ?? 'standard,lite').split(',').map((p) => PLAN_NAMES[p.trim()]);
  if (!name || name.length > 64) return usage(out, 'name: 1 to 64 characters');
  if (!PROTOCOLS.includes(protocol)) return usage(out, 'protocol: vless, trojan or ss');
  if (!options.host || !HOST_PATTERN.test(options.host))
    return usage(out, 'host: a host name or IP');
  if (!Number.isInteger(port) || port < 1 || port > 65535) return usage(out, 'port: 1 to 65535');
  if (!Number.isInteger(sort)) return usage(out, 'sort: an integer');
  if (plans.some((p) => p === undefined)) return usage(out, 'plans: standard, lite or both');
  if (protocol === 'ss' && !(SS_METHODS as readonly string[]).includes(options.method ?? ''))
    return usage(out, `method: one of ${SS_METHODS.join(', ')}`);
  if (protocol !== 'ss' && options.method !== undefined) return usage(out, 'method: only for ss');
  if (protocol === 'ss' && options.sni !== undefined)
    return usage(out, 'sni: only for vless and trojan');
  if (options.sni !== undefined && !HOST_PATTERN.test(options.sni))
    return usage(out, 'sni: a host name');
  try {
    const { id, token } = await createNode(db, {
      name,
      protocol,
      host: options.host,
      port,
      sni: options.sni ?? null,
      method: options.method ?? null,
      planTypes: [...new Set(plans as (1 | 2)[])].sort(),
      sort,
    });
    out(`added node ${id}`);
    printTokenHelp(out, id, protocol, token);
    return 0;
  } catch (error) {
    if (isUniqueViolation(error)) return usage(out, `a node named "${name}" exists`);
    throw error;
  }
}

export async function run(db: Db, args: string[], out: Out): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'list' && rest.length === 0) return list(db, out);
  if (action === 'add') return add(db, rest, out);
  const id = rest.length === 1 ? parseId(rest[0]) : undefined;
  if (id === undefined) return usage(out);
  if (action === 'show') return show(db, id, out);
  if (action === 'rotate-token') {
    const token = await rotateNodeToken(db, id);
    if (!token) {
      out(`no node ${id}`);
      return 1;
    }
    const [node] = await db.select().from(vpnNodes).where(eq(vpnNodes.id, id));
    out(`new token for node ${id}; the old one no longer works`);
    printTokenHelp(out, id, node!.protocol, token);
    return 0;
  }
  if (action === 'disable' || action === 'enable') {
    const updated = await db
      .update(vpnNodes)
      .set({ enabled: action === 'enable' })
      .where(eq(vpnNodes.id, id))
      .returning({ id: vpnNodes.id });
    if (updated.length === 0) {
      out(`no node ${id}`);
      return 1;
    }
    out(`${action}d node ${id}`);
    return 0;
  }
  return usage(out);
}
