/**
 * The demo user, created at start only when seeding is on (SEED_DEMO, off in PROD by default).
 * Idempotent: running it again changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import type { PasswordHasher } from '../identity/password-hasher';

export const DEMO_USER = {
  username: 'demo',
  email: 'demo@kestrel.example',
  password: 'demo-pass-2026',
  inviteCode: 'DEMO2026',
} as const;

/** Returns true when the demo user was created by this call. */
export async function seedDemoUser(db: Db, hasher: PasswordHasher): Promise<boolean> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${DEMO_USER.username}`);
  if (existing.length > 0) return false;
  const passwordHash = await hasher.hash(DEMO_USER.password);
  const created = await db
    .insert(users)
    .values({
      username: DEMO_USER.username,
      email: DEMO_USER.email,
      passwordHash,
      inviteCode: DEMO_USER.inviteCode,
      planType: 1,
      expireTime: sql`now() + interval '365 days'`,
      // The 12-month Standard plan's devices (server/store/seed-plans.ts).
      deviceLimit: 5,
      yearlyPaid: true,
      benefitsExpireTime: sql`now() + interval '365 days'`,
    })
    // A second process seeding at the same moment loses the race quietly.
    .onConflictDoNothing()
    .returning({ id: users.id });
  return created.length > 0;
}
