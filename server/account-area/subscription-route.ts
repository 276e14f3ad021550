/**
 * `GET /sub/:token`: the import link a third-party client fetches (plain HTTP, not the signed API).
 * The first fetch consumes the token in one conditional UPDATE, so of any number of parallel fetches
 * exactly one gets the nodes; it also needs the function on and the membership active at that moment.
 * Unknown token: 404; used, expired or no longer allowed: 410. Never cached.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { subscriptionFormat } from '../../contract/account-area';
import { rowsOf, type Db } from '../db/database';
import { subscriptionLinks, vpnNodes } from '../db/schema';
import { hashLinkToken } from './third-party-client';
import { renderSubscription } from './subscription-render';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function registerSubscriptionRoute(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { token: string }; Querystring: { format?: string } }>(
    '/sub/:token',
    { config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('content-type', 'text/plain; charset=utf-8');
      const { token } = request.params;
      if (!TOKEN_PATTERN.test(token)) return reply.code(404).send('Not found\n');
      const tokenHash = hashLinkToken(token);
      const consumed = rowsOf<{ user_id: number; proxy_secret: string; expire_time: unknown }>(
        await db.execute(sql`
          UPDATE subscription_links AS l SET consumed_at = now()
          FROM third_party_clients AS c, users AS u
          WHERE l.token_hash = ${tokenHash} AND l.consumed_at IS NULL AND l.expires_at > now()
            AND c.user_id = l.user_id AND c.enabled
            AND u.id = l.user_id AND u.deleted_at IS NULL AND NOT u.disabled
            AND u.expire_time > now()
          RETURNING l.user_id, c.proxy_secret::text AS proxy_secret, u.expire_time`),
      )[0];
      if (!consumed) {
        const [known] = await db
          .select({ id: subscriptionLinks.id })
          .from(subscriptionLinks)
          .where(eq(subscriptionLinks.tokenHash, tokenHash));
        return known
          ? reply.code(410).send('This link has been used or has expired.\n')
          : reply.code(404).send('Not found\n');
      }
      const nodes = await db
        .select()
        .from(vpnNodes)
        .where(eq(vpnNodes.enabled, true))
        .orderBy(asc(vpnNodes.sort), asc(vpnNodes.id));
      const format = subscriptionFormat(request.headers['user-agent'] ?? '', request.query.format);
      const rendered = renderSubscription(format, nodes, consumed.proxy_secret);
      const expire = Math.floor(new Date(String(consumed.expire_time)).getTime() / 1000);
      return reply
        .header('content-type', rendered.contentType)
        .header('subscription-userinfo', `upload=0; download=0; total=0; expire=${expire}`)
        .header('content-disposition', 'attachment; filename="kestrel"')
        .send(rendered.body);
    },
  );
}
