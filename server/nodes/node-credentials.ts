/**
 * The two secrets of the node API: each node's own token (the agent's `ApiKey`, sent as `token`;
 * only its SHA-256 is stored, shown once when made, replaced by `admin nodes rotate-token`), and each
 * member's node credential (`users.node_uuid`), which "reset my subscription" replaces together with
 * every import link. docs/nodes.md.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashToken } from '../identity/sessions';
import type { Db } from '../db/database';
import { nodeOnlineIps, subscriptionLinks, users, vpnNodes } from '../db/schema';
import { safeEqual } from '../identity/safe-equal';
import { NODE_TYPE_OF } from './node-protocols';

export type NodeRow = typeof vpnNodes.$inferSelect;

/** A fresh node token (256 random bits, URL-safe) and the hash that is stored. */
export function makeNodeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export interface NodeCallCredentials {
  readonly nodeId: number;
  /** Absent is accepted (Xboard's middleware allows it); present, it must be the node's type. */
  readonly nodeType: string | undefined;
  readonly token: string;
}

const prepareNodeById = (db: Db) =>
  db
    .select()
    .from(vpnNodes)
    .where(eq(vpnNodes.id, sql.placeholder('id')))
    .prepare('node_by_id');

/**
 * The read of every node call, prepared once per database: the query is not built again for each
 * of the fleet's calls (200 nodes, 6 calls a minute each), and PostgreSQL keeps its plan per
 * connection. A third of the builder's CPU (0.13 ms a call where building took 0.35).
 */
const nodeByIdOf = new WeakMap<Db, ReturnType<typeof prepareNodeById>>();

/** The node a call comes from, or undefined when the id, type or token is wrong. */
export async function authenticateNode(
  db: Db,
  credentials: NodeCallCredentials,
): Promise<NodeRow | undefined> {
  let nodeById = nodeByIdOf.get(db);
  if (!nodeById) nodeByIdOf.set(db, (nodeById = prepareNodeById(db)));
  const [node] = await nodeById.execute({ id: credentials.nodeId });
  const presented = hashToken(credentials.token);
  // Compare even when there is no node or no token yet, so the answer takes the same time.
  const tokenMatches = safeEqual(presented, node?.tokenHash ?? hashToken(''));
  if (!node || !node.tokenHash || !tokenMatches) return undefined;
  if (credentials.nodeType !== undefined && credentials.nodeType !== NODE_TYPE_OF[node.protocol])
    return undefined;
  return node;
}

/**
 * "Reset my subscription": a new node credential (the nodes drop the old one at their next pull),
 * every import link gone, and the old credential's online devices forgotten, in one transaction.
 */
export async function resetSubscription(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ nodeUuid: sql`gen_random_uuid()`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx.delete(subscriptionLinks).where(eq(subscriptionLinks.userId, userId));
    await tx.delete(nodeOnlineIps).where(eq(nodeOnlineIps.userId, userId));
  });
}
