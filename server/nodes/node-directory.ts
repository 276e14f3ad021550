/**
 * What the nodes pull, built once and served to every node that sees the same thing (issue 23;
 * docs/nodes.md "Fleet scale"). A node's user list depends only on its plans (and on being enabled),
 * so the 200 nodes of a fleet share a handful of lists. Each is kept as the exact bytes sent (and
 * their gzip, which agents ask for), under:
 *   - the directory version (migration 0018): every transaction that changes what any node sees
 *     bumps it, in whichever process, so a list is built again only after a change;
 *   - the earliest expiry it lists: an expiry changes the list without a write, so past that instant
 *     the list is built again.
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
import { userListJsonOf } from './node-users';

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

interface CachedList {
  readonly version: string;
  /** Epoch ms of the earliest expiry listed; null when the list is empty. */
  readonly validUntil: number | null;
  readonly body: TaggedBody;
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

/** The set of plans a node carries, as the key of what it sees. */
const plansKey = (node: NodeRow) => [...node.planTypes].sort().join(',');

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
  const lists = new Map<string, { readonly version: string; readonly list: Promise<CachedList> }>();
  let aliveKept: CachedAlive | undefined;

  const build = async (planTypes: readonly number[], version: string): Promise<CachedList> => {
    const { json, earliestExpiry } = await userListJsonOf(db, planTypes);
    return {
      version,
      validUntil: earliestExpiry,
      body: taggedBody(`{"users":${json}}`),
    };
  };

  /**
   * The list of `key` at `version` or newer, still valid at `now`: the one kept, or one built now.
   * Concurrent pulls share one build; a failed build is forgotten, so the next pull tries again.
   */
  const currentList = async (
    key: string,
    planTypes: readonly number[],
    version: string,
    now: number,
  ): Promise<CachedList> => {
    for (;;) {
      const entry = lists.get(key);
      if (entry && BigInt(entry.version) >= BigInt(version)) {
        const list = await entry.list.catch(() => undefined);
        if (list && (list.validUntil === null || now < list.validUntil)) return list;
        // Another pull replaced it meanwhile: look again.
        if (lists.get(key) !== entry) continue;
      }
      const built = { version, list: build(planTypes, version) };
      lists.set(key, built);
      built.list.catch(() => {
        if (lists.get(key) === built) lists.delete(key);
      });
      return built.list;
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
      return (await currentList(plansKey(node), node.planTypes, state!.version, clock())).body;
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
      const key = plansKey(node);
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
