/**
 * `admin nodes ...`: the VPN nodes listed in third-party client subscriptions.
 *   list
 *   add --name N --protocol vless|trojan|ss --host H --port P [--sni S] [--method M] [--sort N]
 *   disable <id> | enable <id>
 * Shadowsocks needs --method (e.g. chacha20-ietf-poly1305, aes-256-gcm); the others take --sni
 * (default: the host). Bad arguments print the usage, change nothing and exit 2.
 */
import { asc, eq } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '../db/database';
import { vpnNodes, type NodeProtocol } from '../db/schema';
import { parseId, parseOptions } from './command-args';

export const NODES_USAGE = [
  'usage: admin nodes list',
  '       admin nodes add --name N --protocol vless|trojan|ss --host H --port P [--sni S] [--method M] [--sort N]',
  '       admin nodes disable <id>',
  '       admin nodes enable <id>',
];

const PROTOCOLS: readonly NodeProtocol[] = ['vless', 'trojan', 'ss'];
const SS_METHODS = [
  'aes-128-gcm',
  'aes-256-gcm',
  'chacha20-ietf-poly1305',
  '2022-blake3-aes-128-gcm',
  '2022-blake3-aes-256-gcm',
  '2022-blake3-chacha20-poly1305',
];
const HOST_PATTERN = /^[A-Za-z0-9.-]{1,253}$|^[0-9a-fA-F:]{2,39}$/;

function usage(out: (line: string) => void, reason?: string): number {
  if (reason) out(reason);
  NODES_USAGE.forEach((line) => out(line));
  return 2;
}

export async function run(db: Db, args: string[], out: (line: string) => void): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'list' && rest.length === 0) {
    const rows = await db.select().from(vpnNodes).orderBy(asc(vpnNodes.sort), asc(vpnNodes.id));
    for (const n of rows)
      out(
        `${n.id}\t${n.enabled ? 'enabled' : 'disabled'}\t${n.protocol}\t${n.name}\t${n.host}:${n.port}`,
      );
    if (rows.length === 0) out('no nodes');
    return 0;
  }
  if (action === 'add') {
    const options = parseOptions(rest, [
      'name',
      'protocol',
      'host',
      'port',
      'sni',
      'method',
      'sort',
    ]);
    if (!options) return usage(out);
    const protocol = options.protocol as NodeProtocol;
    const port = Number(options.port);
    const sort = options.sort === undefined ? 0 : Number(options.sort);
    const name = options.name?.trim();
    if (!name || name.length > 64) return usage(out, 'name: 1 to 64 characters');
    if (!PROTOCOLS.includes(protocol)) return usage(out, 'protocol: vless, trojan or ss');
    if (!options.host || !HOST_PATTERN.test(options.host))
      return usage(out, 'host: a host name or IP');
    if (!Number.isInteger(port) || port < 1 || port > 65535) return usage(out, 'port: 1 to 65535');
    if (!Number.isInteger(sort)) return usage(out, 'sort: an integer');
    if (protocol === 'ss' && !SS_METHODS.includes(options.method ?? ''))
      return usage(out, `method: one of ${SS_METHODS.join(', ')}`);
    if (protocol !== 'ss' && options.method !== undefined) return usage(out, 'method: only for ss');
    try {
      const [row] = await db
        .insert(vpnNodes)
        .values({
          name,
          protocol,
          host: options.host,
          port,
          sni: protocol === 'ss' ? null : (options.sni ?? options.host),
          method: protocol === 'ss' ? (options.method ?? null) : null,
          sort,
        })
        .returning({ id: vpnNodes.id });
      out(`added node ${row!.id}`);
      return 0;
    } catch (error) {
      if (isUniqueViolation(error)) return usage(out, `a node named "${name}" exists`);
      throw error;
    }
  }
  if ((action === 'disable' || action === 'enable') && rest.length === 1) {
    const id = parseId(rest[0]);
    if (id === undefined) return usage(out);
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
