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
 * usage, change nothing and exit 2; an unknown id exits 1. add, rotate-token, disable and enable are
 * the console's operator functions (server/console/nodes/node-operations.ts), audited as `cli`;
 * the settings printed after a token are the text the console shows (server/nodes/agent-settings.ts).
 */
import { errorMessage } from '../../contract';
import { Errors } from '../../contract/errors';
import { NODE_AGENT } from '../../contract/nodes';
import type { ConsoleNode } from '../../contract/endpoints/console-nodes';
import { CLI_ACTOR } from '../console/audit';
import {
  addNode,
  rotateNodeToken,
  setNodeEnabled,
  type NodeDeps,
  type NodeToken,
} from '../console/nodes/node-operations';
import { listNodes, nodeRecord } from '../console/nodes/node-record';
import type { Db } from '../db/database';
import { ApiError } from '../protocol/api-error';
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

const PLAN_NAMES: Readonly<Record<string, 1 | 2>> = { standard: 1, lite: 2 };

type Out = (line: string) => void;

/** What the commands run with beside the database: the clock and the agents' ApiHost. */
export interface NodesCommandOptions {
  readonly now?: () => Date;
  readonly siteOrigin?: () => string;
}

function usage(out: Out, reason?: string): number {
  if (reason) out(reason);
  NODES_USAGE.forEach((line) => out(line));
  return 2;
}

const planNames = (types: readonly number[]) =>
  types.map((t) => (t === 1 ? 'standard' : 'lite')).join(',');

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;

/** The errors of a node's settings: the CLI prints them with the usage and exits 2. */
const INPUT_ERRORS = new Set<number>(
  [
    Errors.NODE_NAME_INVALID,
    Errors.NODE_NAME_TAKEN,
    Errors.NODE_PROTOCOL_INVALID,
    Errors.NODE_HOST_INVALID,
    Errors.NODE_PORT_INVALID,
    Errors.NODE_METHOD_INVALID,
    Errors.NODE_PLANS_INVALID,
    Errors.NODE_SORT_INVALID,
    Errors.BAD_REQUEST,
  ].map((e) => e.code),
);

/** Runs an operator function: a refused input is a usage mistake (2), an unknown node exits 1. */
async function operatorRun(out: Out, id: number | undefined, run: () => Promise<number>) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === Errors.NODE_NOT_FOUND.code) {
      out(`no node ${id ?? ''}`.trim());
      return 1;
    }
    if (INPUT_ERRORS.has(error.code)) return usage(out, errorMessage(error.code, 'en'));
    throw error;
  }
}

/** The token and the agents' settings (the same text the console shows once). */
function printToken(out: Out, answer: NodeToken) {
  out(`token: ${answer.token}`);
  out('(shown this once: only its hash is stored; `rotate-token` makes a new one)');
  out('');
  out('V2bX, one entry of "Nodes" in config.json:');
  answer.settings.v2bx.split('\n').forEach((line) => out(line));
  out('');
  out('XrayR, one entry of "Nodes" in config.yml:');
  answer.settings.xrayr.split('\n').forEach((line) => out(line));
  out('');
  out(`the agent calls ${UNIPROXY_PREFIX}/{config,user,push,alive,alivelist,status}`);
}

async function list(db: Db, now: Date, out: Out): Promise<number> {
  const nodes = await listNodes(db, now);
  for (const node of nodes)
    out(
      [
        node.id,
        node.enabled ? 'enabled' : 'disabled',
        node.protocol,
        node.name,
        `${node.host}:${node.port}`,
        planNames(node.planTypes),
        node.hasToken ? 'token' : 'no-token',
        `last contact ${isoOrDash(node.lastContactAt)}`,
        `${node.onlineUsers} online`,
        node.health,
      ].join('\t'),
    );
  if (nodes.length === 0) out('no nodes');
  return 0;
}

function showNode(node: ConsoleNode, out: Out) {
  out(`node ${node.id}: ${node.name} (${node.enabled ? 'enabled' : 'disabled'})`);
  out(`health ${node.health}, last contact ${isoOrDash(node.lastContactAt)}`);
  out(`protocol ${node.protocol} (node_type ${node.nodeType})`);
  out(`address ${node.host}:${node.port}`);
  if (node.sni) out(`tls server name ${node.sni}`);
  if (node.method) out(`cipher ${node.method}`);
  out(`plans ${planNames(node.planTypes)}`);
  out(`token ${node.hasToken ? 'set' : 'none (run rotate-token)'}`);
  out(`last user pull ${isoOrDash(node.lastPullAt)}`);
  out(`last traffic push ${isoOrDash(node.lastPushAt)}`);
}

async function show(db: Db, id: number, now: Date, out: Out): Promise<number> {
  const record = await nodeRecord(db, id, now);
  showNode(record.node, out);
  const { status, node } = record;
  if (status && node.statusAt) {
    const { cpu, mem, disk } = status;
    out(
      `last status ${isoOrDash(node.statusAt)}: cpu ${cpu}%, mem ${mem.used}/${mem.total}, disk ${disk.used}/${disk.total}`,
    );
  } else out('last status -');
  out(`traffic this month: up ${gib(node.upload)}, down ${gib(node.download)}`);
  out(
    `online users (seen in the last ${NODE_AGENT.onlineIpTtlSeconds} s): ${record.online.length}, IPs: ${node.onlineIps}`,
  );
  for (const user of record.online)
    out(`  user ${user.userId}\t${user.ips.join(', ')}\tseen ${isoOrDash(user.lastSeenAt)}`);
  return 0;
}

async function add(deps: NodeDeps, rest: string[], out: Out): Promise<number> {
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
  const answer = await addNode(deps, CLI_ACTOR, {
    name: options.name,
    protocol: options.protocol,
    host: options.host,
    port: options.port,
    sni: options.sni,
    method: options.method,
    planTypes: options.plans?.split(',').map((p) => PLAN_NAMES[p.trim()] ?? p),
    sort: options.sort,
  });
  out(`added node ${answer.nodeId}`);
  printToken(out, answer);
  return 0;
}

/**
 * Runs `admin nodes <args>`. The changes go through the console's operator functions with the CLI
 * as the actor (server/console/nodes/), so the rules and the audit entries are the console's.
 */
export async function run(
  db: Db,
  args: string[],
  out: Out,
  options: NodesCommandOptions = {},
): Promise<number> {
  const deps: NodeDeps = {
    db,
    now: options.now ?? (() => new Date()),
    siteOrigin: options.siteOrigin ?? (() => '<site origin>'),
  };
  const [action, ...rest] = args;
  if (action === 'list' && rest.length === 0) return list(db, deps.now(), out);
  if (action === 'add') return operatorRun(out, undefined, () => add(deps, rest, out));
  const id = rest.length === 1 ? parseId(rest[0]) : undefined;
  if (id === undefined) return usage(out);
  if (action === 'show') return operatorRun(out, id, () => show(db, id, deps.now(), out));
  if (action === 'rotate-token')
    return operatorRun(out, id, async () => {
      const answer = await rotateNodeToken(deps, CLI_ACTOR, { nodeId: id });
      out(`new token for node ${id}; the old one no longer works`);
      printToken(out, answer);
      return 0;
    });
  if (action === 'disable' || action === 'enable')
    return operatorRun(out, id, async () => {
      await setNodeEnabled(deps, CLI_ACTOR, { nodeId: id, enabled: action === 'enable' });
      out(`${action}d node ${id}`);
      return 0;
    });
  return usage(out);
}
