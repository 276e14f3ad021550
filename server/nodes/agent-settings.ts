/**
 * The settings an operator pastes into a node's agent, with its token (docs/nodes.md, "Running a
 * node"): a `Nodes[]` entry of V2bX's config.json and a `Nodes` entry of XrayR's config.yml. One
 * function for the CLI (`admin nodes add | rotate-token` print it) and the console (its answer to
 * adding a node or rotating its token), so both hand out the same text.
 *
 * The names are those the agents read: V2bX `conf/node.go` (ApiHost, ApiKey, NodeID, NodeType,
 * Core, CertConfig), XrayR `api/newV2board` with `PanelType: "NewV2board"` (NodeType V2ray with
 * EnableVless for VLESS, Trojan, Shadowsocks). The TLS certificate of a VLESS or Trojan node is the
 * agent's own business: the entries name the node's TLS server name and a certificate file to fill.
 */
import type { AgentSettings } from '../../contract/endpoints/console-nodes';
import type { NodeProtocol } from '../db/schema';
import { NODE_TYPE_OF, ss2022KeyBytes } from './node-protocols';

export interface AgentNode {
  readonly id: number;
  readonly protocol: NodeProtocol;
  readonly host: string;
  readonly sni: string | null;
  readonly method: string | null;
}

const XRAYR_NODE_TYPE: Readonly<Record<NodeProtocol, string>> = {
  vless: 'V2ray',
  trojan: 'Trojan',
  ss: 'Shadowsocks',
};

function v2bxEntry(apiHost: string, node: AgentNode, token: string): string {
  const tls = node.protocol !== 'ss';
  const entry = {
    // sing-box derives a Shadowsocks 2022 member's key from the uuid as we do (core/sing/user.go).
    Core: ss2022KeyBytes(node.method) ? 'sing' : 'xray',
    ApiHost: apiHost,
    ApiKey: token,
    NodeID: node.id,
    NodeType: NODE_TYPE_OF[node.protocol],
    Timeout: 30,
    ListenIP: '0.0.0.0',
    SendIP: '0.0.0.0',
    CertConfig: tls
      ? {
          CertMode: 'file',
          CertDomain: node.sni ?? node.host,
          CertFile: '/etc/V2bX/fullchain.cer',
          KeyFile: '/etc/V2bX/cert.key',
        }
      : { CertMode: 'none' },
  };
  return JSON.stringify(entry, null, 2);
}

function xrayrEntry(apiHost: string, node: AgentNode, token: string): string {
  const tls = node.protocol !== 'ss';
  return [
    '- PanelType: "NewV2board"',
    '  ApiConfig:',
    `    ApiHost: "${apiHost}"`,
    `    ApiKey: "${token}"`,
    `    NodeID: ${node.id}`,
    `    NodeType: ${XRAYR_NODE_TYPE[node.protocol]}`,
    ...(node.protocol === 'vless' ? ['    EnableVless: true'] : []),
    '    Timeout: 30',
    '  ControllerConfig:',
    '    ListenIP: 0.0.0.0',
    '    SendIP: 0.0.0.0',
    '    UpdatePeriodic: 60',
    '    CertConfig:',
    ...(tls
      ? [
          '      CertMode: file',
          `      CertDomain: "${node.sni ?? node.host}"`,
          '      CertFile: /etc/XrayR/fullchain.cer',
          '      KeyFile: /etc/XrayR/cert.key',
        ]
      : ['      CertMode: none']),
  ].join('\n');
}

/** The agents' settings for a node and its token (shown once: the caller never stores them). */
export function agentSettings(apiHost: string, node: AgentNode, token: string): AgentSettings {
  return {
    apiHost,
    v2bx: v2bxEntry(apiHost, node, token),
    xrayr: xrayrEntry(apiHost, node, token),
  };
}
