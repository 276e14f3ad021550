/**
 * Outside PROD only: `POST /dev/nodes` `{ protocol?: 'vless' | 'trojan' | 'ss' }` adds an enabled
 * node for both plans the way `npm run admin -- nodes add` does and answers `{ id, nodeType, token }`,
 * so e2e can speak the UniProxy API as an agent (push traffic and online IPs) while the demo server
 * runs on PGlite, which a second process must not open.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { NodeProtocol } from '../db/schema';
import { createNode } from './manage-nodes';
import { NODE_TYPE_OF } from './node-protocols';

const PROTOCOLS: readonly NodeProtocol[] = ['vless', 'trojan', 'ss'];

export function registerNodeDevRoutes(app: FastifyInstance, db: Db): void {
  app.post<{ Body: { protocol?: unknown } | null }>('/dev/nodes', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const protocol = request.body?.protocol ?? 'vless';
    if (!PROTOCOLS.includes(protocol as NodeProtocol))
      return reply.code(400).send({ error: 'protocol: vless, trojan or ss' });
    const suffix = randomBytes(3).toString('hex');
    const { id, token } = await createNode(db, {
      name: `Dev ${suffix}`,
      protocol: protocol as NodeProtocol,
      host: `dev-${suffix}.nodes.kestrel.example`,
      port: 443,
      sni: null,
      method: protocol === 'ss' ? 'aes-256-gcm' : null,
      planTypes: [1, 2],
      sort: 100,
    });
    return { id, nodeType: NODE_TYPE_OF[protocol as NodeProtocol], token };
  });
}
