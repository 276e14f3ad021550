/** Drizzle's view of the tables; the SQL files in migrations/ are the source of truth. */
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Ad-click ids a sign-up arrived with (the x-gid, x-bd-vid and x-twclid headers). */
export interface SignupTracking {
  gclid?: string;
  bdVid?: string;
  twclid?: string;
}

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username'),
  email: text('email'),
  phone: text('phone'),
  passwordHash: text('password_hash'),
  deviceId: text('device_id'),
  inviteCode: text('invite_code'),
  invitedBy: integer('invited_by'),
  isKol: boolean('is_kol').notNull().default(false),
  planType: smallint('plan_type'),
  expireTime: tz('expire_time'),
  yearlyPaid: boolean('yearly_paid').notNull().default(false),
  benefitsExpireTime: tz('benefits_expire_time'),
  disabled: boolean('disabled').notNull().default(false),
  deletedAt: tz('deleted_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  signupSource: text('signup_source'),
  signupTracking: jsonb('signup_tracking').$type<SignupTracking>(),
});

export const sessions = pgTable('sessions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  platform: text('platform').notNull(),
  deviceId: text('device_id'),
  ip: text('ip'),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  revokedAt: tz('revoked_at'),
});

export const verificationCodes = pgTable('verification_codes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  purpose: text('purpose').notNull(),
  channel: text('channel').notNull(),
  target: text('target').notNull(),
  kind: text('kind').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  ip: text('ip').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  consumedAt: tz('consumed_at'),
});

export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  purpose: text('purpose').notNull(),
  code: text('code'),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  language: text('language').notNull(),
  sentAt: tz('sent_at').notNull().defaultNow(),
});

export const invites = pgTable('invites', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  inviterId: integer('inviter_id').notNull(),
  inviteeId: integer('invitee_id').notNull(),
  inviteCode: text('invite_code').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
