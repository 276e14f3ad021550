/**
 * Rules of the VPN nodes shared by the server (which applies them) and the SPA (which explains them):
 * how often node agents pull and push, how long a reported IP counts as an online device, and the
 * accounting period of traffic. docs/nodes.md.
 */

export const NODE_AGENT = {
  /** Seconds between an agent's pulls of config, users and the alive list (Xboard's default). */
  pullIntervalSeconds: 60,
  /** Seconds between an agent's pushes of traffic and online IPs (Xboard's default). */
  pushIntervalSeconds: 60,
  /**
   * An IP a node reported for a member counts as one of their online devices for this long after
   * the last report that named it (Xboard's DeviceStateService keeps 300 s too).
   */
  onlineIpTtlSeconds: 300,
  /** Hours a subscription client waits between updates (`profile-update-interval`). */
  profileUpdateIntervalHours: 24,
} as const;

/**
 * A node is online when its agent pulled within three of its pull cycles (the dashboard's "nodes
 * online" and the console's node health).
 */
export const NODE_ONLINE_WITHIN_SECONDS = NODE_AGENT.pullIntervalSeconds * 3;

/** The protocols a node runs, as `vpn_nodes.protocol` names them. */
export const NODE_PROTOCOLS = ['vless', 'trojan', 'ss'] as const;
export type NodeProtocolName = (typeof NODE_PROTOCOLS)[number];

/**
 * Shadowsocks ciphers an operator may choose. The 2022 ones need a server key; their user key is the
 * first 16 or 32 characters of the member's uuid, base64, exactly as V2bX derives it on the node
 * (core/sing/user.go) and Xboard in its subscriptions. 2022-blake3-chacha20-poly1305 is left out: it
 * has no multi-user mode in SIP022, so a node cannot give each member a key of their own.
 */
export const SS_METHODS = [
  'aes-128-gcm',
  'aes-256-gcm',
  'chacha20-ietf-poly1305',
  '2022-blake3-aes-128-gcm',
  '2022-blake3-aes-256-gcm',
] as const;
export type SsMethod = (typeof SS_METHODS)[number];

/** A node's address or TLS server name: a host name, or an IPv4 or IPv6 address. */
export const NODE_HOST_PATTERN = /^[A-Za-z0-9.-]{1,253}$|^[0-9a-fA-F:]{2,39}$/;

/** The traffic period that contains `now`: the calendar month in UTC, as its first day. */
export function trafficPeriodStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** When the period that contains `now` ends and the next one starts counting from zero. */
export function trafficPeriodEnd(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}
