/**
 * Outside PROD only (server/web/dev-routes.ts: loopback clients, never in PROD):
 * `POST /dev/console/second-factor-age` moves the second factor of the staff session its cookie
 * names back past the step-up window (5 minutes and one second), so e2e meets the real
 * STEP_UP_REQUIRED of a money action without waiting. Answers `{ secondFactorAt }`, 404 without a
 * live session.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_SESSION } from '../../contract/endpoints/console';
import type { Db } from '../db/database';
import { staffSessions } from '../db/schema';
import { sessionTokenOf } from './console-session';
import { hashSecret } from './staff-operations';

export function registerConsoleDevRoutes(app: FastifyInstance, db: Db, now: () => Date): void {
  app.post('/dev/console/second-factor-age', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = sessionTokenOf(request.headers.cookie);
    if (!token) return reply.code(404).send({ error: 'no console session cookie' });
    const secondFactorAt = new Date(
      now().getTime() - (CONSOLE_SESSION.stepUpMinutes * 60 + 1) * 1000,
    );
    const moved = await db
      .update(staffSessions)
      .set({ secondFactorAt })
      .where(and(eq(staffSessions.tokenHash, hashSecret(token)), isNull(staffSessions.revokedAt)))
      .returning({ id: staffSessions.id });
    if (moved.length === 0) return reply.code(404).send({ error: 'no live console session' });
    return { secondFactorAt: secondFactorAt.toISOString() };
  });
}
