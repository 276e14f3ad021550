/**
 * What the nodes pull, built once and served to every node that sees the same thing (issue 23;
 * docs/nodes.md "Fleet scale"). A node's user list depends only on its plans (and on being enabled),
 * so the 200 nodes of a fleet share a handful of lists. The members of every plan are read in one
 * pass, and each plan set's list is joined from them once and kept as the exact bytes sent (and
 * their gzip, which agents ask for), under:
 *   - the directory version (migration 0018): every transaction that changes what any node sees
 *     bumps it, in whichever process, so the members are read again only after a change;
 *   - the earliest expiry listed: an expiry changes the lists without a write, so past that instant
 *     they are read again.
 * An unchanged pull (304) therefore costs the node's credential check and one statement that notes
 * the pull and reads the version, whatever the member count. The alive list changes with every
 * alive report, so it is kept for a short while instead (`aliveListSeconds`, 30 by default: agents
 * pull it once a minute, so its counts are never older than half of that on top): one count of
 * every member's devices, and from it one body per plan set.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/database';
import type { NodeRow } from './node-credentials';
import { onlineCounts, type OnlineCount } from './online-ips';
import { membersByPlan } from './node-users';

const gzip = promisify(gzipCallback);

/** A JSON body as sent: its bytes and (made on first demand, once) their gzip. */
export interface PreparedBody {
  readonly json: Buffer;
  gzipped(): Promise<Buffer>;
}

/** A prepared body with its strong ETag, for the answers agents pull with If-None-Match. */
export interface TaggedBody extends PreparedBody {
  /** SHA-1 of the bytes, quoted, as Xboard tags its answers. */
  readonly etag: string;
}

export function preparedBody(json: string): PreparedBody {
  const bytes = Buffer.from(json);
  let zipped: Promise<Buffer> | undefined;
  return {
    json: bytes,
    gzipped() {
      zipped ??= gzip(bytes);
      return zipped;
    },
  };
}

export function taggedBody(json: string): TaggedBody {
  const body = preparedBody(json);
  return { ...body, etag: `"${createHash('sha1').update(body.json).digest('hex')}"` };
}

/** The members of every plan at one directory version, and the user lists made from them. */
interface Snapshot {
  readonly version: string;
  /** Epoch ms of the earliest expiry of any listed member; null when nobody is listed. */
  readonly validUntil: number | null;
  /** The user list of each plan set, made on first demand. */
  listOf(planTypes: readonly number[]): TaggedBody;
}

interface CachedAlive {
  readonly until: number;
  readonly counts: Promise<OnlineCount[]>;
  /** The body of each plan set, made from `counts` on first demand. */
  readonly bodies: Map<string, PreparedBody>;
}

const EMPTY_USER_LIST = taggedBody('{"users":[]}');
const EMPTY_ALIVE_LIST = preparedBody('{"alive":{}}');

/** UniProxy `alivelist` of a node carrying `planTypes`: `{"alive":{"<user id>":devices,...}}`. */
function aliveListBody(counts: readonly OnlineCount[], planTypes: readonly number[]): PreparedBody {
  const entries = counts
    .filter((c) => planTypes.includes(c.planType))
    .map((c) => `"${c.userId}":${c.devices}`);
  return preparedBody(`{"alive":{${entries.join(',')}}}`);
}

/** The plans a node carries, in order: nodes with the same set see the same lists. */
const plansOf = (node: NodeRow) => [...new Set(node.planTypes)].sort((a, b) => a - b);

export interface NodeDirectory {
  /** Notes the node's pull and answers its user list (a disabled node's is empty). */
  userList(node: NodeRow): Promise<TaggedBody>;
  /** The online device counts of the members the node serves (none for a disabled node). */
  aliveList(node: NodeRow): Promise<PreparedBody>;
  /** Drops the kept count: the next alive-list pull counts again (a member freed a seat). */
  forgetAliveCounts(): void;
}

export interface NodeDirectoryOptions {
  /** Seconds an alive list is served before it is counted again; 0: on every pull. */
  readonly aliveListSeconds: number;
  /** Epoch ms: when a list's earliest expiry has passed, and the alive lists' age (tests move it). */
  readonly clock?: () => number;
}

export function createNodeDirectory(
  db: Db,
  { aliveListSeconds, clock = Date.now }: NodeDirectoryOptions,
): NodeDirectory {
  let members: { readonly version: string; readonly snapshot: Promise<Snapshot> } | undefined;
  let aliveKept: CachedAlive | undefined;

  const build = async (version: string): Promise<Snapshot> => {
    const plans = await membersByPlan(db);
    const expiries = [...plans.values()].map((p) => p.earliestExpiry);
    const lists = new Map<string, TaggedBody>();
    return {
      version,
      validUntil: expiries.length === 0 ? null : Math.min(...expiries),
      listOf(planTypes) {
        const key = planTypes.join(',');
        let list = lists.get(key);
        if (!list) {
          const entries = planTypes.flatMap((plan) => plans.get(plan)?.json ?? []);
          list =
            entries.length === 0 ? EMPTY_USER_LIST : taggedBody(`{"users":[${entries.join(',')}]}`);
          lists.set(key, list);
        }
        return list;
      },
    };
  };

  /**
   * The members at `version` or newer, still valid at `now`: the snapshot kept, or one built now.
   * Concurrent pulls share one build; a failed build is forgotten, so the next pull tries again.
   */
  const currentSnapshot = async (version: string, now: number): Promise<Snapshot> => {
    for (;;) {
      const entry = members;
      if (entry && BigInt(entry.version) >= BigInt(version)) {
        const snapshot = await entry.snapshot.catch(() => undefined);
        if (snapshot && (snapshot.validUntil === null || now < snapshot.validUntil))
          return snapshot;
        // Another pull replaced it meanwhile: look again.
        if (members !== entry) continue;
      }
      const built = { version, snapshot: build(version) };
      members = built;
      built.snapshot.catch(() => {
        if (members === built) members = undefined;
      });
      return built.snapshot;
    }
  };

  return {
    async userList(node) {
      // One statement: the pull is noted and the version read.
      const [state] = rowsOf<{ version: string }>(
        await db.execute(sql`
          WITH pulled AS (UPDATE vpn_nodes SET last_pull_at = now() WHERE id = ${node.id})
          SELECT version::text AS version FROM node_directory`),
      );
      // A disabled node is out of service: it is told to serve nobody (V2bX then drops every user).
      if (!node.enabled) return EMPTY_USER_LIST;
      return (await currentSnapshot(state!.version, clock())).listOf(plansOf(node));
    },

    async aliveList(node) {
      if (!node.enabled) return EMPTY_ALIVE_LIST;
      if (aliveListSeconds === 0) return aliveListBody(await onlineCounts(db), node.planTypes);
      const now = clock();
      let kept = aliveKept;
      if (!kept || now >= kept.until) {
        const counts = onlineCounts(db);
        kept = { until: now + aliveListSeconds * 1000, counts, bodies: new Map() };
        aliveKept = kept;
        // A failed count is forgotten, so the next pull counts again.
        const failed = kept;
        counts.catch(() => {
          if (aliveKept === failed) aliveKept = undefined;
        });
      }
      const counts = await kept.counts;
      const key = plansOf(node).join(',');
      let body = kept.bodies.get(key);
      if (!body) {
        body = aliveListBody(counts, node.planTypes);
        kept.bodies.set(key, body);
      }
      return body;
    },

    forgetAliveCounts() {
      aliveKept = undefined;
    },
  };
}
