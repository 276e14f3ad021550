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

/** The traffic period that contains `now`: the calendar month in UTC, as its first day. */
export function trafficPeriodStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** When the period that contains `now` ends and the next one starts counting from zero. */
export function trafficPeriodEnd(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}
