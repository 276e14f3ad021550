/**
 * The user's nodes in the formats third-party clients read: Clash Meta (mihomo) YAML, sing-box JSON,
 * Shadowrocket's base64 list (its `STATUS=` line, then its own vless/trojan forms, as Xboard's
 * Shadowrocket protocol writes them) and v2rayN's base64 list of standard share links (vless://,
 * trojan://, SIP002 ss://), which is also the plain `base64` format. Pure. docs/nodes.md.
 */
import { stringify } from 'yaml';
import type { SubscriptionFormat } from '../../contract/account-area';
import type { vpnNodes } from '../db/schema';
import { nodePassword } from './node-protocols';

/** What a subscription says of a node. */
export type SubscriptionNode = Pick<
  typeof vpnNodes.$inferSelect,
  'name' | 'protocol' | 'host' | 'port' | 'sni' | 'method' | 'serverKey'
>;

/** Whose subscription it is: the node credential, and what the status line and headers show. */
export interface SubscriptionOwner {
  readonly nodeUuid: string;
  /** Bytes this period. */
  readonly upload: number;
  readonly download: number;
  readonly expireTime: Date;
}

export interface RenderedSubscription {
  readonly contentType: string;
  readonly body: string;
}

const GROUP = 'Kestrel';
const GIB = 1024 ** 3;

function clashProxy(node: SubscriptionNode, owner: SubscriptionOwner) {
  const base = { name: node.name, server: node.host, port: node.port, udp: true };
  if (node.protocol === 'vless')
    return {
      ...base,
      type: 'vless',
      uuid: owner.nodeUuid,
      network: 'tcp',
      tls: true,
      servername: node.sni ?? node.host,
    };
  if (node.protocol === 'trojan')
    return { ...base, type: 'trojan', password: owner.nodeUuid, sni: node.sni ?? node.host };
  return {
    ...base,
    type: 'ss',
    cipher: node.method ?? '',
    password: nodePassword(node, owner.nodeUuid),
  };
}

function singboxOutbound(node: SubscriptionNode, owner: SubscriptionOwner) {
  const base = { tag: node.name, server: node.host, server_port: node.port };
  const tls = { enabled: true, server_name: node.sni ?? node.host };
  if (node.protocol === 'vless') return { ...base, type: 'vless', uuid: owner.nodeUuid, tls };
  if (node.protocol === 'trojan') return { ...base, type: 'trojan', password: owner.nodeUuid, tls };
  return {
    ...base,
    type: 'shadowsocks',
    method: node.method ?? '',
    password: nodePassword(node, owner.nodeUuid),
  };
}

const bracketed = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** SIP002: userinfo is base64url(method:password) without padding. */
function ssLink(node: SubscriptionNode, owner: SubscriptionOwner): string {
  const userInfo = Buffer.from(`${node.method ?? ''}:${nodePassword(node, owner.nodeUuid)}`);
  return `ss://${userInfo.toString('base64url')}@${bracketed(node.host)}:${node.port}#${encodeURIComponent(node.name)}`;
}

/** The share links v2rayN (and v2rayNG, Passwall, SagerNet) import. */
function shareLink(node: SubscriptionNode, owner: SubscriptionOwner): string {
  const name = encodeURIComponent(node.name);
  const address = `${bracketed(node.host)}:${node.port}`;
  const sni = encodeURIComponent(node.sni ?? node.host);
  if (node.protocol === 'vless')
    return `vless://${owner.nodeUuid}@${address}?encryption=none&security=tls&sni=${sni}&type=tcp&headerType=none#${name}`;
  if (node.protocol === 'trojan')
    return `trojan://${encodeURIComponent(owner.nodeUuid)}@${address}?security=tls&sni=${sni}&type=tcp&headerType=none#${name}`;
  return ssLink(node, owner);
}

/** Shadowrocket's own forms (Xboard's `Protocols/Shadowrocket.php`). */
function shadowrocketLink(node: SubscriptionNode, owner: SubscriptionOwner): string {
  const address = `${bracketed(node.host)}:${node.port}`;
  const peer = encodeURIComponent(node.sni ?? node.host);
  if (node.protocol === 'vless') {
    const userInfo = Buffer.from(`auto:${owner.nodeUuid}@${address}`).toString('base64');
    return `vless://${userInfo}?tfo=1&remark=${encodeURIComponent(node.name)}&tls=1&allowInsecure=0&peer=${peer}`;
  }
  if (node.protocol === 'trojan')
    return `trojan://${encodeURIComponent(owner.nodeUuid)}@${address}?allowInsecure=0&peer=${peer}&tfo=1#${encodeURIComponent(node.name)}`;
  return ssLink(node, owner);
}

/** Shadowrocket shows this first line as the subscription's usage and expiry. */
function shadowrocketStatus(owner: SubscriptionOwner): string {
  const gib = (n: number) => (Math.round((n / GIB) * 100) / 100).toString();
  const expires = owner.expireTime.toISOString().slice(0, 10);
  return `STATUS=🚀↑:${gib(owner.upload)}GB,↓:${gib(owner.download)}GB,TOT:∞💡Expires:${expires}`;
}

const base64List = (lines: readonly string[], separator: string): RenderedSubscription => ({
  contentType: 'text/plain; charset=utf-8',
  body: Buffer.from(lines.join(separator)).toString('base64'),
});

export function renderSubscription(
  format: SubscriptionFormat,
  nodes: readonly SubscriptionNode[],
  owner: SubscriptionOwner,
): RenderedSubscription {
  const names = nodes.map((n) => n.name);
  if (format === 'clash') {
    const config = {
      'mixed-port': 7890,
      'allow-lan': false,
      mode: 'rule',
      'log-level': 'info',
      proxies: nodes.map((n) => clashProxy(n, owner)),
      'proxy-groups': [{ name: GROUP, type: 'select', proxies: [...names, 'DIRECT'] }],
      rules: ['GEOIP,LAN,DIRECT', `MATCH,${GROUP}`],
    };
    return { contentType: 'text/yaml; charset=utf-8', body: stringify(config) };
  }
  if (format === 'singbox') {
    const config = {
      log: { level: 'info' },
      inbounds: [{ type: 'mixed', tag: 'mixed-in', listen: '127.0.0.1', listen_port: 2080 }],
      outbounds: [
        { type: 'selector', tag: GROUP, outbounds: names.length > 0 ? names : ['direct'] },
        ...nodes.map((n) => singboxOutbound(n, owner)),
        { type: 'direct', tag: 'direct' },
      ],
      route: { final: GROUP },
    };
    return {
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(config, null, 2),
    };
  }
  if (format === 'shadowrocket')
    return base64List(
      [shadowrocketStatus(owner), ...nodes.map((n) => shadowrocketLink(n, owner))],
      '\r\n',
    );
  return base64List(
    nodes.map((n) => shareLink(n, owner)),
    '\n',
  );
}
