/**
 * What a node may report (issue 19, item 5), before any of it reaches the database: each entry of a
 * traffic push or an alive report is read on its own, and one that is not a user id with plausible
 * values is skipped and counted, never fatal to the rest of the report. Whether the node serves the
 * member is decided in SQL with the stored membership (traffic.ts, online-ips.ts). docs/nodes.md
 * "What a node may report".
 */
import { normalizeReportedIp } from './online-ips';

/**
 * The most bytes one entry of one push may carry in either direction: 10 TB, what a 1.3 Tbit/s line
 * moves in a 60 s push interval, or 0.9 Gbit/s for a whole day of pushes an agent kept back. More
 * than that is no member's traffic, and such an entry is skipped whole.
 */
export const MAX_ENTRY_BYTES = 10_000_000_000_000;

/**
 * Traffic counters stop here (saturate): 2^53 - 1 bytes (8 PiB), the largest count JSON and
 * JavaScript carry exactly; a member would need 27 Gbit/s every second of a month to reach it.
 * Mirrored by the CHECK constraints of 0012_node-reports_counter_ceiling.sql.
 */
export const COUNTER_CEILING = Number.MAX_SAFE_INTEGER;

/** Raw entries per member in one alive report; longer lists are skipped unread. */
export const MAX_IPS_PER_ENTRY = 256;

const USER_ID = /^[1-9]\d{0,9}$/;
const INT4_MAX = 2_147_483_647;

/** Why entries of a report were left out; logged by the route (never stored). */
export interface SkippedEntries {
  /** Not a user id, or not the value shape the call takes. */
  malformed: number;
  /** A byte count above MAX_ENTRY_BYTES. */
  implausible: number;
  /** A member this node does not serve right now (counted by the SQL that stores the rest). */
  notServed: number;
  /** Alive IPs that are no address, or beyond the member's device limit on this node. */
  droppedIps: number;
}

export const noneSkipped = (): SkippedEntries => ({
  malformed: 0,
  implausible: 0,
  notServed: 0,
  droppedIps: 0,
});

export const skippedTotal = (s: SkippedEntries) =>
  s.malformed + s.implausible + s.notServed + s.droppedIps;

export interface TrafficEntry {
  readonly userId: number;
  readonly upload: number;
  readonly download: number;
}

function userIdOf(key: string): number | undefined {
  return USER_ID.test(key) && Number(key) <= INT4_MAX ? Number(key) : undefined;
}

export const isByteCount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** UniProxy `push` `{ "<user id>": [upload, download] }`: the entries worth storing. */
export function parseTrafficPush(
  body: Record<string, unknown>,
  skipped: SkippedEntries,
): TrafficEntry[] {
  const entries: TrafficEntry[] = [];
  for (const [key, value] of Object.entries(body)) {
    const userId = userIdOf(key);
    if (userId === undefined || !Array.isArray(value) || value.length !== 2) {
      skipped.malformed += 1;
      continue;
    }
    const [upload, download] = value as unknown[];
    if (!isByteCount(upload) || !isByteCount(download)) skipped.malformed += 1;
    else if (upload > MAX_ENTRY_BYTES || download > MAX_ENTRY_BYTES) skipped.implausible += 1;
    else entries.push({ userId, upload, download });
  }
  return entries;
}

/**
 * UniProxy `alive` `{ "<user id>": ["ip", ...] }`: each member's distinct addresses in the order
 * reported (the device limit keeps the first ones), ports and XrayR's `_<node id>` stripped.
 */
export function parseAlivePush(
  body: Record<string, unknown>,
  skipped: SkippedEntries,
): Map<number, string[]> {
  const result = new Map<number, string[]>();
  for (const [key, value] of Object.entries(body)) {
    const userId = userIdOf(key);
    if (
      userId === undefined ||
      !Array.isArray(value) ||
      value.length > MAX_IPS_PER_ENTRY ||
      !value.every((ip) => typeof ip === 'string' && ip.length <= 80)
    ) {
      skipped.malformed += 1;
      continue;
    }
    const ips = new Set<string>();
    for (const entry of value as string[]) {
      const ip = normalizeReportedIp(entry);
      if (ip === undefined) skipped.droppedIps += 1;
      else ips.add(ip);
    }
    result.set(userId, [...ips]);
  }
  return result;
}
