/**
 * The node protocols the product runs and how each is named on the wire: our `vpn_nodes.protocol`
 * (vless, trojan, ss) against UniProxy's `node_type` (vless, trojan, shadowsocks), and the member's
 * password on a node of each kind. docs/nodes.md.
 */
import type { NodeProtocol } from '../db/schema';

/** UniProxy's `node_type` of each protocol (what V2bX and XrayR send, lower-cased). */
export const NODE_TYPE_OF: Readonly<Record<NodeProtocol, string>> = {
  vless: 'vless',
  trojan: 'trojan',
  ss: 'shadowsocks',
};

// The Shadowsocks ciphers an operator may choose are a shared rule: SS_METHODS in contract/nodes.ts.

/** Key bytes of a 2022 cipher; undefined for the classic AEAD ciphers, which take any password. */
export function ss2022KeyBytes(method: string | null): 16 | 32 | undefined {
  if (method === '2022-blake3-aes-128-gcm') return 16;
  if (method === '2022-blake3-aes-256-gcm') return 32;
  return undefined;
}

/** The member's password on a node: the uuid, or for a 2022 cipher `serverKey:userKey`. */
export function nodePassword(
  node: { readonly method: string | null; readonly serverKey: string | null },
  nodeUuid: string,
): string {
  const size = ss2022KeyBytes(node.method);
  if (size === undefined || !node.serverKey) return nodeUuid;
  const userKey = Buffer.from(nodeUuid.slice(0, size), 'utf8').toString('base64');
  return `${node.serverKey}:${userKey}`;
}
