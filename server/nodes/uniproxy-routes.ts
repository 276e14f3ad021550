/**
 * The UniProxy node API of V2Board / Xboard (`/api/v1/server/UniProxy/*`), which unmodified V2bX and
 * XrayR agents call with `?node_id=&node_type=&token=` on every request:
 *   GET  config     protocol settings and push/pull intervals   ETag / 304
 *   GET  user       { users: [{ id, uuid, speed_limit, device_limit }] }   ETag / 304
 *   POST push       { "<user id>": [upload, download] }  -> { data: true }   optional ?report_id=
 *   POST alive      { "<user id>": ["ip", ...] }         -> { data: true }
 *   GET  alivelist  { alive: { "<user id>": online device count } }
 *   POST status     { cpu, mem, swap, disk }             -> { data: true }
 * A wrong node id, node type or token is refused with 403 and changes nothing. Each entry of a push
 * or an alive report stands alone (node-reports.ts): one that is malformed, implausible or names a
 * member the node does not serve is skipped and logged, and the rest is stored. Not the signed API:
 * agents are machines with a token, not the SPA. docs/nodes.md.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { clientKey } from '../protocol/rate-limit';
import { quietLogLevel } from '../web/quiet-log-level';
import { vpnNodes, type NodeStatus } from '../db/schema';
import { authenticateNode, type NodeRow } from './node-credentials';
import { buildNodeConfig } from './node-config';
import {
  taggedBody,
  type NodeDirectory,
  type PreparedBody,
  type TaggedBody,
} from './node-directory';
import {
  isByteCount,
  noneSkipped,
  parseAlivePush,
  parseTrafficPush,
  skippedTotal,
  type SkippedEntries,
} from './node-reports';
import { recordAlive } from './online-ips';
import { recordTrafficPush } from './traffic';

export const UNIPROXY_PREFIX = '/api/v1/server/UniProxy';

/** Pushes name every user a node served: room for a few hundred thousand entries. */
const BODY_LIMIT = 16 * 1024 * 1024;
const USER_ID = /^[1-9]\d{0,9}$/;
const REPORT_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const INT4_MAX = 2_147_483_647;
/** Smaller answers are not worth compressing (as the site's own threshold). */
const GZIP_FROM_BYTES = 1024;

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

/** Answers a JSON body, gzipped once per body for agents that accept it (Go's HTTP client asks). */
async function sendBody(request: FastifyRequest, reply: FastifyReply, body: PreparedBody) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (
    body.json.length >= GZIP_FROM_BYTES &&
    /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
  )
    return reply.header('content-encoding', 'gzip').send(await body.gzipped());
  return reply.send(body.json);
}

/**
 * Answers a JSON body with its strong ETag (SHA-1 of the body, quoted, as Xboard does), or 304 when
 * the agent's If-None-Match already names it.
 */
async function sendTagged(request: FastifyRequest, reply: FastifyReply, body: TaggedBody) {
  reply.header('etag', body.etag).header('cache-control', 'no-cache');
  if ((request.headers['if-none-match'] ?? '').includes(body.etag.slice(1, -1)))
    return reply.code(304).send();
  return sendBody(request, reply, body);
}

function objectBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new NodeCallError(422, 'the body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Entries of a report that were left out are counted in the log, never stored. */
function logSkipped(request: FastifyRequest, node: NodeRow, call: string, skipped: SkippedEntries) {
  if (skippedTotal(skipped) > 0)
    request.log.warn({ nodeId: node.id, call, skipped }, 'node report: entries skipped');
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

export function registerUniProxyRoutes(
  app: FastifyInstance,
  db: Db,
  directory: NodeDirectory,
): void {
  // The token travels in the query string: keep request URLs out of the info-level access log.
  // Each node has its own allowance (several nodes may share an address behind a NAT).
  const routeOptions = {
    logLevel: quietLogLevel(app),
    bodyLimit: BODY_LIMIT,
    config: {
      rateLimit: {
        max: 600,
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) =>
          `node:${single((request.query as Query).node_id) ?? ''}:${clientKey(request.ip)}`,
      },
    },
  };
  const route = (
    method: 'GET' | 'POST',
    name: string,
    handler: (node: NodeRow, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.route({
      method,
      url: `${UNIPROXY_PREFIX}/${name}`,
      ...routeOptions,
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
    sendTagged(request, reply, taggedBody(JSON.stringify(buildNodeConfig(node)))),
  );

  route('GET', 'user', async (node, request, reply) =>
    sendTagged(request, reply, await directory.userList(node)),
  );

  route('POST', 'push', async (node, request) => {
    const body = objectBody(request);
    const reportId = single((request.query as Query).report_id);
    if (reportId !== undefined && !REPORT_ID.test(reportId))
      throw new NodeCallError(422, 'report_id: 1 to 128 of A-Z a-z 0-9 . _ : -');
    const skipped = noneSkipped();
    const entries = parseTrafficPush(body, skipped);
    const { notServed } = await recordTrafficPush(db, node.id, entries, reportId);
    logSkipped(request, node, 'push', { ...skipped, notServed });
    return { data: true };
  });

  route('POST', 'alive', async (node, request) => {
    const skipped = noneSkipped();
    const ips = parseAlivePush(objectBody(request), skipped);
    const { notServed, overLimit } = await recordAlive(db, node.id, ips);
    logSkipped(request, node, 'alive', {
      ...skipped,
      notServed,
      droppedIps: skipped.droppedIps + overLimit,
    });
    return { data: true };
  });

  route('GET', 'alivelist', async (node, request, reply) =>
    sendBody(request, reply, await directory.aliveList(node)),
  );

  route('POST', 'status', async (node, request) => {
    const status = parseStatus(objectBody(request));
    await db
      .update(vpnNodes)
      .set({ status, statusAt: sql`now()` })
      .where(eq(vpnNodes.id, node.id));
    return { data: true, code: 0, message: 'success' };
  });
}
