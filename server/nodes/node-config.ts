/**
 * The body of UniProxy `config` for a node: the protocol settings an agent builds its inbound from,
 * in the shape of Xboard's `ServerService::buildNodeConfig` (which V2bX's `api/panel/node.go` and
 * XrayR's `api/newV2board` parse), plus `base_config` with the pull and push intervals. Pure.
 */
import { NODE_AGENT } from '../../contract/nodes';
import type { vpnNodes } from '../db/schema';
import { NODE_TYPE_OF } from './node-protocols';

type NodeRow = typeof vpnNodes.$inferSelect;

/** Xboard's `tls` values: 0 none, 1 TLS, 2 REALITY. Our vless and trojan nodes always use TLS. */
const TLS = 1;

export function buildNodeConfig(node: NodeRow): Record<string, unknown> {
  const base = {
    protocol: NODE_TYPE_OF[node.protocol],
    listen_ip: '0.0.0.0',
    server_port: node.port,
    network: node.protocol === 'ss' ? null : 'tcp',
    networkSettings: null,
  };
  const serverName = node.sni ?? node.host;
  const body =
    node.protocol === 'vless'
      ? {
          ...base,
          tls: TLS,
          flow: null,
          decryption: null,
          tls_settings: { server_name: serverName, allow_insecure: false },
          multiplex: null,
        }
      : node.protocol === 'trojan'
        ? {
            ...base,
            host: node.host,
            server_name: serverName,
            multiplex: null,
            tls: TLS,
            tls_settings: { server_name: serverName, allow_insecure: false },
          }
        : {
            ...base,
            cipher: node.method,
            plugin: null,
            plugin_opts: null,
            server_key: node.serverKey,
          };
  return {
    ...body,
    base_config: {
      push_interval: NODE_AGENT.pushIntervalSeconds,
      pull_interval: NODE_AGENT.pullIntervalSeconds,
    },
  };
}
