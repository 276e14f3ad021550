/**
 * Dev routes for the e2e (server/web/dev-routes.ts: loopback clients only, never in PROD):
 * - `POST /dev/group-buy/:inviteToken/end` ends an open group now and runs the ending job (refunds,
 *   redeem codes), so a page shows 'ended' without waiting 24 hours;
 * - `POST /dev/group-buy/:inviteToken/ends-at` `{ inSeconds }` moves an open group's end time to
 *   now + inSeconds (-86400..2592000), without ending it.
 * Both answer `{ state, endsAt }`; 404 for an unknown token, 400 for a bad body.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { groupBuys } from '../db/schema';
import type { PaymentGateways } from '../gateways/gateway';
import type { SessionCache } from '../identity/session-cache';
import { endGroup, endGroupsOnce } from './group-ending';

export function registerGroupBuyDevRoutes(
  app: FastifyInstance,
  deps: { db: Db; gateways: PaymentGateways; sessionCache: SessionCache },
): void {
  const { db } = deps;
  const state = async (token: string) => {
    const [group] = await db
      .select({ id: groupBuys.id, state: groupBuys.state, endsAt: groupBuys.endsAt })
      .from(groupBuys)
      .where(eq(groupBuys.inviteToken, token));
    return group;
  };
  const answer = async (token: string) => {
    const group = (await state(token))!;
    return { state: group.state, endsAt: group.endsAt?.toISOString() ?? null };
  };

  app.devRoute<{ Params: { inviteToken: string } }>({
    method: 'POST',
    url: '/dev/group-buy/:inviteToken/end',
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const group = await state(request.params.inviteToken);
      if (!group) return reply.code(404).send({ error: 'no such group' });
      await endGroup(deps, group.id, { early: true });
      await endGroupsOnce(deps);
      return answer(request.params.inviteToken);
    },
  });

  app.devRoute<{ Params: { inviteToken: string }; Body: { inSeconds?: unknown } | null }>({
    method: 'POST',
    url: '/dev/group-buy/:inviteToken/ends-at',
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const seconds = request.body?.inSeconds;
      if (
        !Number.isInteger(seconds) ||
        (seconds as number) < -86_400 ||
        (seconds as number) > 2_592_000
      )
        return reply.code(400).send({ error: 'inSeconds: an integer from -86400 to 2592000' });
      const group = await state(request.params.inviteToken);
      if (!group) return reply.code(404).send({ error: 'no such group' });
      if (group.state === 'open') {
        await db
          .update(groupBuys)
          .set({ endsAt: new Date(Date.now() + (seconds as number) * 1000), updatedAt: new Date() })
          .where(eq(groupBuys.id, group.id));
      }
      return answer(request.params.inviteToken);
    },
  });
}
