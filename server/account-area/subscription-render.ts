/**
 * The user's nodes in the formats third-party clients read: Clash Meta (mihomo) YAML, sing-box JSON
 * and base64 of share links (vless://, trojan://, ss://, as V2RayN and Shadowrocket import). Pure.
 */
import { stringify } from 'yaml';
import type { SubscriptionFormat } from '../../contract/account-area';
import type { NodeProtocol } from '../db/schema';

export interface SubscriptionNode {
  readonly name: string;
  readonly protocol: NodeProtocol;
  readonly host: string;
  readonly port: number;
  readonly sni: string | null;
  readonly method: string | null;
}

export interface RenderedSubscription {
  readonly contentType: string;
  readonly body: string;
}

const GROUP = 'Kestrel';

function clashProxy(node: SubscriptionNode, secret: string) {
  const base = { name: node.name, server: node.host, port: node.port, udp: true };
  if (node.protocol === 'vless')
    return {
      ...base,
      type: 'vless',
      uuid: secret,
      network: 'tcp',
      tls: true,
      servername: node.sni ?? node.host,
    };
  if (node.protocol === 'trojan')
    return { ...base, type: 'trojan', password: secret, sni: node.sni ?? node.host };
  return { ...base, type: 'ss', cipher: node.method ?? '', password: secret };
}

function singboxOutbound(node: SubscriptionNode, secret: string) {
  const base = { tag: node.name, server: node.host, server_port: node.port };
  const tls = { enabled: true, server_name: node.sni ?? node.host };
  if (node.protocol === 'vless') return { ...base, type: 'vless', uuid: secret, tls };
  if (node.protocol === 'trojan') return { ...base, type: 'trojan', password: secret, tls };
  return { ...base, type: 'shadowsocks', method: node.method ?? '', password: secret };
}

function shareLink(node: SubscriptionNode, secret: string): string {
  const name = encodeURIComponent(node.name);
  const host = node.host.includes(':') ? `[${node.host}]` : node.host;
  const sni = encodeURIComponent(node.sni ?? node.host);
  if (node.protocol === 'vless')
    return `vless://${secret}@${host}:${node.port}?encryption=none&security=tls&sni=${sni}&type=tcp#${name}`;
  if (node.protocol === 'trojan')
    return `trojan://${encodeURIComponent(secret)}@${host}:${node.port}?security=tls&sni=${sni}&type=tcp#${name}`;
  // SIP002: userinfo is base64url(method:password) without padding.
  const userInfo = Buffer.from(`${node.method ?? ''}:${secret}`).toString('base64url');
  return `ss://${userInfo}@${host}:${node.port}#${name}`;
}

export function renderSubscription(
  format: SubscriptionFormat,
  nodes: readonly SubscriptionNode[],
  secret: string,
): RenderedSubscription {
  const names = nodes.map((n) => n.name);
  if (format === 'clash') {
    const config = {
      'mixed-port': 7890,
      'allow-lan': false,
      mode: 'rule',
      'log-level': 'info',
      proxies: nodes.map((n) => clashProxy(n, secret)),
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
        ...nodes.map((n) => singboxOutbound(n, secret)),
        { type: 'direct', tag: 'direct' },
      ],
      route: { final: GROUP },
    };
    return {
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(config, null, 2),
    };
  }
  const links = nodes.map((n) => shareLink(n, secret)).join('\n');
  return {
    contentType: 'text/plain; charset=utf-8',
    body: Buffer.from(links).toString('base64'),
  };
}
