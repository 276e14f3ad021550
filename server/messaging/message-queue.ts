/**
 * The durable queue of messages the service sends on its own (issue 22, items 8 and 11;
 * docs/messages.md; migration 0021). A message is stored before it is sent, under a key that names
 * it, so a message made twice (two processes, two rounds, a retried request) is queued once. The
 * sender claims due rows (FOR UPDATE SKIP LOCKED, then a lease: a process that dies mid-send leaves
 * them to be tried again), hands each to its transport and marks it sent; a transport failure sets
 * the next attempt further off (1 min, 5, 30, 2 h, then every 6 h) and after MAX_ATTEMPTS the row
 * is `failed`, reported; so is at once a message for a channel with no transport (an SMS where no
 * provider is configured). Delivery is at least once: an SMTP server that took a message whose
 * answer was lost gets it again.
 */
import { sql } from 'drizzle-orm';
import type { ApiLanguage, CodeChannel } from '../../contract';
import { rowsOf, type Db } from '../db/database';
import type { MessageDelivery } from './delivery';

export interface QueuedMessage {
  /** Names the message: the same key is queued once (`renewal:1d:<user>:<expiry ms>`). */
  readonly key: string;
  readonly userId: number | null;
  readonly channel: CodeChannel;
  readonly to: string;
  readonly purpose: string;
  readonly language: ApiLanguage;
  readonly subject: string;
  readonly text: string;
  /** A renewal reminder: the expiry it is about; it is not sent once the member's expiry moved. */
  readonly aboutExpireTime?: Date;
}

/** Attempts before a message is given up (`failed`, reported). */
export const MAX_ATTEMPTS = 8;
/** Seconds before the next attempt after the n-th failure (the last repeats). */
const BACKOFF_SECONDS = [60, 300, 1_800, 7_200, 21_600];
/** Seconds a claimed message is held by its sender before another may try it. */
const LEASE_SECONDS = 120;
/** Messages one round claims at most. */
const BATCH = 50;

/** Where a member's messages go: the e-mail, else the phone. */
export interface Recipient {
  readonly channel: CodeChannel;
  readonly to: string;
  /** The language of their last sign-in; Chinese, the site's default, when unknown. */
  readonly language: ApiLanguage;
}

/** A member's recipient, or null when they have neither an e-mail nor a phone. */
export function recipientOf(member: {
  readonly email: string | null;
  readonly phone: string | null;
  readonly language?: string | null;
}): Recipient | null {
  const to = member.email ?? member.phone;
  if (to === null) return null;
  return {
    channel: member.email !== null ? 'email' : 'phone',
    to,
    language: member.language === 'en' ? 'en' : 'zh_CN',
  };
}

export function backoffSeconds(failures: number): number {
  return BACKOFF_SECONDS[Math.min(failures, BACKOFF_SECONDS.length) - 1] ?? BACKOFF_SECONDS[0]!;
}

/** Queues a message; false when one with its key was queued before (nothing changes then). */
export async function enqueueMessage(db: Db, message: QueuedMessage, now: Date): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO message_queue (dedupe_key, user_id, channel, recipient, purpose, language,
        subject, body, about_expire_time, next_attempt_at, created_at)
      VALUES (${message.key}, ${message.userId}, ${message.channel}, ${message.to},
        ${message.purpose}, ${message.language}, ${message.subject}, ${message.text},
        ${message.aboutExpireTime?.toISOString() ?? null}, ${now.toISOString()}, ${now.toISOString()})
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING id::text AS id`),
  );
  return rows.length > 0;
}

interface ClaimedRow {
  id: string;
  channel: CodeChannel;
  recipient: string;
  purpose: string;
  language: ApiLanguage;
  subject: string;
  body: string;
  attempts: number;
  stale: boolean;
}

export interface SendReport {
  readonly sent: number;
  readonly retried: number;
  readonly failed: number;
  readonly cancelled: number;
}

export interface MessageSenderDeps {
  readonly db: Db;
  readonly delivery: MessageDelivery;
  readonly now: () => Date;
  readonly log: {
    warn(obj: unknown, message: string): void;
    error(obj: unknown, message: string): void;
  };
}

/**
 * Sends the due messages (all of them, or only `onlyKey`'s: a request that queued a notice tries it
 * at once). A renewal reminder whose member's expiry moved since it was made is cancelled instead.
 */
export async function sendDueMessages(
  deps: MessageSenderDeps,
  onlyKey?: string,
): Promise<SendReport> {
  const { db, delivery } = deps;
  const now = deps.now();
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
  const claimed = rowsOf<ClaimedRow>(
    await db.execute(sql`
      WITH due AS (
        SELECT q.id FROM message_queue AS q
        WHERE q.status = 'pending' AND q.next_attempt_at <= ${at}
          ${onlyKey === undefined ? sql`` : sql`AND q.dedupe_key = ${onlyKey}`}
        ORDER BY q.next_attempt_at, q.id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE message_queue AS q SET next_attempt_at = ${leaseUntil}
      FROM due
      WHERE q.id = due.id
      RETURNING q.id::text AS id, q.channel, q.recipient, q.purpose, q.language, q.subject,
        q.body, q.attempts,
        (q.about_expire_time IS NOT NULL AND q.about_expire_time IS DISTINCT FROM
          (SELECT date_trunc('milliseconds', u.expire_time) FROM users AS u WHERE u.id = q.user_id))
          AS stale`),
  );
  const report = { sent: 0, retried: 0, failed: 0, cancelled: 0 };
  for (const row of claimed) {
    if (row.stale) {
      await db.execute(sql`UPDATE message_queue SET status = 'cancelled' WHERE id = ${row.id}`);
      report.cancelled += 1;
      continue;
    }
    // No transport for this channel (PROD with no SMS provider): waiting would not help.
    if (!delivery.canDeliver(row.channel)) {
      await db.execute(sql`
        UPDATE message_queue SET status = 'failed', last_error = ${`no ${row.channel} transport configured`}
        WHERE id = ${row.id}`);
      deps.log.warn({ messageId: row.id, channel: row.channel }, 'message has no transport');
      report.failed += 1;
      continue;
    }
    try {
      await delivery.deliver({
        channel: row.channel,
        to: row.recipient,
        purpose: row.purpose,
        code: null,
        subject: row.subject,
        text: row.body,
        language: row.language,
      });
    } catch (error) {
      const attempts = Number(row.attempts) + 1;
      const reason = error instanceof Error ? error.message : String(error);
      if (attempts >= MAX_ATTEMPTS) {
        await db.execute(sql`
          UPDATE message_queue SET status = 'failed', attempts = ${attempts}, last_error = ${reason}
          WHERE id = ${row.id}`);
        deps.log.error({ err: error, messageId: row.id, purpose: row.purpose }, 'message given up');
        report.failed += 1;
      } else {
        const next = new Date(deps.now().getTime() + backoffSeconds(attempts) * 1000);
        await db.execute(sql`
          UPDATE message_queue SET attempts = ${attempts}, last_error = ${reason},
            next_attempt_at = ${next.toISOString()}
          WHERE id = ${row.id}`);
        deps.log.warn({ err: error, messageId: row.id, attempts }, 'message to be sent again');
        report.retried += 1;
      }
      continue;
    }
    await db.execute(sql`
      UPDATE message_queue SET status = 'sent', attempts = attempts + 1, sent_at = ${deps
        .now()
        .toISOString()}, last_error = NULL
      WHERE id = ${row.id}`);
    report.sent += 1;
  }
  return report;
}
