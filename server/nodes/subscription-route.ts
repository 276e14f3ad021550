/**
 * `GET /sub/:token`: the import link a third-party client fetches (plain HTTP, not the signed API).
 * The first fetch consumes the token in one conditional UPDATE, so of any number of parallel fetches
 * exactly one gets the nodes; it also needs the function on and the membership active at that moment.
 * Unknown token: 404; used, expired or no longer allowed: 410. Never cached. Every fetch of a known
 * link is written down for the member (subscription-fetches.ts).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subscriptionFormat } from '../../contract/account-area';
import { NODE_AGENT } from '../../contract/nodes';
import { rowsOf, type Db } from '../db/database';
import { subscriptionLinks, vpnNodes } from '../db/schema';
import { quietLogLevel } from '../web/quiet-log-level';
import { hashLinkToken } from '../web/link-token';
import { usageOf, type PeriodUsage } from './traffic';
import { recordSubscriptionFetch } from './subscription-fetches';
import { renderSubscription } from './subscription-render';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const PROFILE_NAME = 'Kestrel';

/**
 * The header clients show as usage and expiry: this period's bytes; `total=0` because plans carry
 * no data cap; `expire` in Unix seconds.
 */
export function subscriptionUserinfo(usage: PeriodUsage, expireTime: Date): string {
  const expire = Math.floor(expireTime.getTime() / 1000);
  return `upload=${usage.upload}; download=${usage.download}; total=0; expire=${expire}`;
}

export interface SubscriptionRouteDeps {
  readonly db: Db;
  /** The site's origin, for the alert's link to /user/security. */
  readonly siteOrigin: () => string;
}

export function registerSubscriptionRoute(
  app: FastifyInstance,
  { db, siteOrigin }: SubscriptionRouteDeps,
): void {
  /** Writes the fetch down (subscription-fetches.ts); a fault there never fails the fetch. */
  const noteFetch = async (userId: number, served: boolean, request: FastifyRequest) => {
    try {
      await recordSubscriptionFetch(
        db,
        { userId, ip: request.ip, userAgent: request.headers['user-agent'] ?? null, served },
        { now: new Date(), securityUrl: `${siteOrigin()}/user/security#subscription-fetches` },
      );
    } catch (error) {
      request.log.error({ err: error, userId }, 'subscription fetch not recorded');
    }
  };

  app.get<{ Params: { token: string }; Querystring: { format?: unknown } }>(
    '/sub/:token',
    // The token is a credential until used: keep request URLs out of the info-level access log.
    { logLevel: quietLogLevel(app), config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('content-type', 'text/plain; charset=utf-8');
      const { token } = request.params;
      if (!TOKEN_PATTERN.test(token)) return reply.code(404).send('Not found\n');
      const tokenHash = hashLinkToken(token);
      const consumed = rowsOf<{
        user_id: number;
        node_uuid: string;
        plan_type: number;
        expire_time: Date | string;
      }>(
        await db.execute(sql`
          UPDATE subscription_links AS l SET consumed_at = now()
          FROM third_party_clients AS c, users AS u
          WHERE l.token_hash = ${tokenHash} AND l.consumed_at IS NULL AND l.expires_at > now()
            AND c.user_id = l.user_id AND c.enabled
            AND u.id = l.user_id AND u.deleted_at IS NULL AND NOT u.disabled
            AND u.expire_time > now()
          RETURNING l.user_id, u.node_uuid::text AS node_uuid, u.plan_type, u.expire_time`),
      )[0];
      if (!consumed) {
        const [known] = await db
          .select({ userId: subscriptionLinks.userId })
          .from(subscriptionLinks)
          .where(eq(subscriptionLinks.tokenHash, tokenHash));
        if (!known) return reply.code(404).send('Not found\n');
        await noteFetch(known.userId, false, request);
        return reply.code(410).send('This link has been used or has expired.\n');
      }
      await noteFetch(consumed.user_id, true, request);
      // The nodes of the member's plan (a node's plan_types), as the nodes' own user lists say.
      const nodes = await db
        .select()
        .from(vpnNodes)
        .where(
          and(
            eq(vpnNodes.enabled, true),
            sql`${Number(consumed.plan_type)} = ANY (${vpnNodes.planTypes})`,
          ),
        )
        .orderBy(asc(vpnNodes.sort), asc(vpnNodes.id));
      const usage = await usageOf(db, consumed.user_id);
      const expireTime = new Date(consumed.expire_time);
      const asked = request.query.format;
      const format = subscriptionFormat(
        request.headers['user-agent'] ?? '',
        typeof asked === 'string' ? asked : undefined,
      );
      const rendered = renderSubscription(format, nodes, {
        nodeUuid: consumed.node_uuid,
        upload: usage.upload,
        download: usage.download,
        expireTime,
      });
      return reply
        .header('content-type', rendered.contentType)
        .header('subscription-userinfo', subscriptionUserinfo(usage, expireTime))
        .header('profile-update-interval', String(NODE_AGENT.profileUpdateIntervalHours))
        .header('content-disposition', `attachment; filename*=UTF-8''${PROFILE_NAME}`)
        .send(rendered.body);
    },
  );
}
