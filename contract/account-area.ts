/**
 * Rules of the account area shared by the server (which enforces them) and the SPA and machines
 * (which show them): the third-party client's cooldown and speed limit (SPEC §4, §9), and which app
 * platforms are mobile (SPEC §3 device types). docs/account-area.md.
 */
import { DeviceType } from './enums';

export const THIRD_PARTY_CLIENT = {
  /** Enabling is allowed once per this many days, counted from the last enabling. */
  cooldownDays: 7,
  /** The speed limit while the function is on; off means unlimited. */
  speedLimitMbps: 10,
  /** An unused import link dies after this long (it also dies when a newer one is issued). */
  linkTtlMinutes: 30,
} as const;

const DAY_MS = 86_400_000;

/** When enabling is allowed again after an enabling at `enabledAt`. */
export function nextEnableAt(enabledAt: Date): Date {
  return new Date(enabledAt.getTime() + THIRD_PARTY_CLIENT.cooldownDays * DAY_MS);
}

/** Milliseconds until enabling is allowed; 0 when it is allowed now. */
export function cooldownRemainingMs(next: Date | null, now: Date): number {
  if (next === null) return 0;
  return Math.max(0, next.getTime() - now.getTime());
}

/** SPEC §3: iOS and Android devices are mobile, macOS and Windows are PCs. */
export function deviceTypeOf(platform: string): DeviceType {
  return platform === 'ios' || platform === 'android' ? DeviceType.MOBILE : DeviceType.PC;
}

/**
 * Subscription formats a third-party client can read (`GET /sub/:token?format=`): Clash Meta YAML,
 * sing-box JSON, Shadowrocket's base64 list (with its status line), and v2rayN's base64 list of share
 * links, which is also the plain `base64` format. docs/nodes.md.
 */
export const SUBSCRIPTION_FORMATS = [
  'clash',
  'singbox',
  'shadowrocket',
  'v2rayn',
  'base64',
] as const;
export type SubscriptionFormat = (typeof SUBSCRIPTION_FORMATS)[number];

/** Other spellings clients and operators use for a format in `?format=`. */
const FORMAT_ALIASES: ReadonlyMap<string, SubscriptionFormat> = new Map([
  ['sing-box', 'singbox'],
  ['meta', 'clash'],
  ['mihomo', 'clash'],
  ['clashmeta', 'clash'],
  ['v2rayng', 'v2rayn'],
]);

/** The format for a client: `?format=` wins, else the User-Agent, else base64 share links. */
export function subscriptionFormat(userAgent: string, requested?: string): SubscriptionFormat {
  const asked = (requested ?? '').trim().toLowerCase();
  if ((SUBSCRIPTION_FORMATS as readonly string[]).includes(asked))
    return asked as SubscriptionFormat;
  const alias = FORMAT_ALIASES.get(asked);
  if (alias) return alias;
  if (/shadowrocket/i.test(userAgent)) return 'shadowrocket';
  if (/clash|mihomo|stash/i.test(userAgent)) return 'clash';
  if (/sing-?box|\bSF[AIMT]\//i.test(userAgent)) return 'singbox';
  if (/v2rayn|passwall|ssrplus|sagernet/i.test(userAgent)) return 'v2rayn';
  return 'base64';
}
