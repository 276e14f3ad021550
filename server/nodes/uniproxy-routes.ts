/**
 * The UniProxy node API of V2Board / Xboard (`/api/v1/server/UniProxy/*`), which unmodified V2bX and
 * XrayR agents call with `?node_id=&node_type=&token=` on every request:
 *   GET  config     protocol settings and push/pull intervals   ETag / 304
 *   GET  user       { users: [{ id, uuid, speed_limit, device_limit }] }   ETag / 304
 *   POST push       { "<user id>": [upload, download] }  -> { data: true }   optional ?report_id=
 *   POST alive      { "<user id>": ["ip", ...] }         -> { data: true }
 *   GET  alivelist  { alive: { "<user id>": online device count } }
 *   POST status     { cpu, mem, swap, disk }             -> { data: true }
 * A wrong node id, node type or token is refused with 403 and changes nothing. Not the signed API:
 * agents are machines with a token, not the SPA. docs/nodes.md.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { quietLogLevel } from '../web/quiet-log-level';
import { vpnNodes, type NodeStatus } from '../db/schema';
import { authenticateNode, type NodeRow } from './node-credentials';
import { buildNodeConfig } from './node-config';
import { listNodeUsers } from './node-users';
import { aliveCounts, normalizeReportedIp, recordAlive } from './online-ips';
import { recordTrafficPush, type TrafficEntry } from './traffic';

export const UNIPROXY_PREFIX = '/api/v1/server/UniProxy';

/** Pushes name every user a node served: room for a few hundred thousand entries. */
const BODY_LIMIT = 16 * 1024 * 1024;
const MAX_IPS_PER_USER = 256;
const USER_ID = /^[1-9]\d{0,9}$/;
const REPORT_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const INT4_MAX = 2_147_483_647;

type Query = Record<string, string | string[] | undefined>;

class NodeCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const single = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

async function nodeOf(db: Db, request: FastifyRequest): Promise<NodeRow> {
  const query = request.query as Query;
  const nodeId = single(query.node_id);
  const token = single(query.token);
  const nodeType = single(query.node_type);
  if (!nodeId || !USER_ID.test(nodeId) || Number(nodeId) > INT4_MAX || !token || token.length > 256)
    throw new NodeCallError(422, 'node_id and token are required');
  const node = await authenticateNode(db, {
    nodeId: Number(nodeId),
    nodeType: nodeType?.toLowerCase(),
    token,
  });
  if (!node) throw new NodeCallError(403, 'invalid node id, node type or token');
  return node;
}

/**
 * Answers JSON with a strong ETag (SHA-1 of the body, quoted, as Xboard does), or 304 when the
 * agent's If-None-Match already names it.
 */
function sendTagged(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const tag = createHash('sha1').update(json).digest('hex');
  reply.header('etag', `"${tag}"`).header('cache-control', 'no-cache');
  if ((request.headers['if-none-match'] ?? '').includes(tag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

function objectBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new NodeCallError(422, 'the body must be a JSON object');
  return body as Record<string, unknown>;
}

function userIdOf(key: string): number {
  if (!USER_ID.test(key) || Number(key) > INT4_MAX)
    throw new NodeCallError(422, `not a user id: ${key.slice(0, 20)}`);
  return Number(key);
}

const isByteCount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export function parseTrafficPush(body: Record<string, unknown>): TrafficEntry[] {
  return Object.entries(body).map(([key, value]) => {
    const userId = userIdOf(key);
    if (!Array.isArray(value) || value.length !== 2 || !value.every(isByteCount))
      throw new NodeCallError(422, `user ${userId}: expected [upload, download] in bytes`);
    return { userId, upload: value[0] as number, download: value[1] as number };
  });
}

export function parseAlivePush(body: Record<string, unknown>): Map<number, string[]> {
  const result = new Map<number, string[]>();
  for (const [key, value] of Object.entries(body)) {
    const userId = userIdOf(key);
    if (
      !Array.isArray(value) ||
      value.length > MAX_IPS_PER_USER ||
      !value.every((ip) => typeof ip === 'string' && ip.length <= 80)
    )
      throw new NodeCallError(422, `user ${userId}: expected a list of IPs`);
    // Entries that are no address at all are skipped, not fatal: one odd entry must not cost the
    // whole report.
    const ips = (value as string[])
      .map(normalizeReportedIp)
      .filter((ip): ip is string => ip !== undefined);
    result.set(userId, ips);
  }
  return result;
}

function parseStatus(body: Record<string, unknown>): NodeStatus {
  const part = (name: string) => {
    const value = body[name] as { total?: unknown; used?: unknown } | undefined;
    if (!value || !isByteCount(value.total) || !isByteCount(value.used))
      throw new NodeCallError(422, `${name}: expected { total, used }`);
    return { total: value.total, used: value.used };
  };
  const cpu = body.cpu;
  if (typeof cpu !== 'number' || !(cpu >= 0 && cpu <= 100))
    throw new NodeCallError(422, 'cpu: expected 0 to 100');
  return { cpu, mem: part('mem'), swap: part('swap'), disk: part('disk') };
}

export function registerUniProxyRoutes(app: FastifyInstance, db: Db): void {
  // The token travels in the query string: keep request URLs out of the info-level access log.
  const options = {
    logLevel: quietLogLevel(app),
    bodyLimit: BODY_LIMIT,
    config: { rateLimit: { max: 600, timeWindow: 60_000 } },
  };
  const route = (
    method: 'GET' | 'POST',
    name: string,
    handler: (node: NodeRow, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url: `${UNIPROXY_PREFIX}/${name}`,
      ...options,
      handler: async (request, reply) => {
        try {
          return await handler(await nodeOf(db, request), request, reply);
        } catch (error) {
          if (!(error instanceof NodeCallError)) throw error;
          return reply.code(error.status).send({ message: error.message });
        }
      },
    });

  route('GET', 'config', async (node, request, reply) =>
    sendTagged(request, reply, buildNodeConfig(node)),
  );

  route('GET', 'user', async (node, request, reply) => {
    await db
      .update(vpnNodes)
      .set({ lastPullAt: sql`now()` })
      .where(eq(vpnNodes.id, node.id));
    // A disabled node is out of service: it is told to serve nobody (V2bX then drops every user).
    const users = node.enabled ? await listNodeUsers(db, node.id) : [];
    return sendTagged(request, reply, { users });
  });

  route('POST', 'push', async (node, request) => {
    const entries = parseTrafficPush(objectBody(request));
    const reportId = single((request.query as Query).report_id);
    if (reportId !== undefined && !REPORT_ID.test(reportId))
      throw new NodeCallError(422, 'report_id: 1 to 128 of A-Z a-z 0-9 . _ : -');
    await recordTrafficPush(db, node.id, entries, reportId);
    return { data: true };
  });

  route('POST', 'alive', async (node, request) => {
    await recordAlive(db, node.id, parseAlivePush(objectBody(request)));
    return { data: true };
  });

  route('GET', 'alivelist', async (node) => ({
    alive: node.enabled ? await aliveCounts(db, node.id) : {},
  }));

  route('POST', 'status', async (node, request) => {
    const status = parseStatus(objectBody(request));
    await db
      .update(vpnNodes)
      .set({ status, statusAt: sql`now()` })
      .where(eq(vpnNodes.id, node.id));
    return { data: true, code: 0, message: 'success' };
  });
}
