/**
 * First-start data. Settings defaults are written whenever missing (the configs cannot be served
 * without them); the demo user only when seeding is on (SEED_DEMO, off in PROD by default).
 * Idempotent: running it again changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { PasswordHasher } from '../accounts/password-hasher';
import {
  CLIENT_CONFIG_KEY,
  DISPLAY_CONFIG_KEY,
  defaultClientConfig,
  defaultDisplayConfig,
} from '../settings/default-settings';
import { insertSettingIfMissing } from '../settings/settings-store';
import type { Db } from './database';
import { users } from './schema';

export const DEMO_USER = {
  username: 'demo',
  email: 'demo@kestrel.example',
  password: 'demo-pass-2026',
  inviteCode: 'DEMO2026',
} as const;

export async function seedSettings(db: Db): Promise<void> {
  await insertSettingIfMissing(db, CLIENT_CONFIG_KEY, defaultClientConfig);
  await insertSettingIfMissing(db, DISPLAY_CONFIG_KEY, defaultDisplayConfig);
}

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
