/**
 * Renewal reminders (issue 22, item 8; docs/messages.md): 3 days and 1 day before a membership
 * ends, and on the day it ended, with a link to renew. A round queues the one reminder each member
 * is due now (the latest stage reached: a member first seen with 20 hours left gets the 1-day one
 * only) under the key `renewal:<stage>:<user>:<expiry ms>`, so however many rounds or processes run,
 * a member gets each reminder of one expiry once; a renewal moves the expiry, and the reminders of
 * the old one that are still queued are cancelled by the sender (message-queue.ts). To the e-mail,
 * else the phone, in the language of the member's last sign-in (Chinese, the site's default, when
 * unknown); not to a member who turned them off, nor to a disabled or deleted account.
 */
import { sql } from 'drizzle-orm';
import { type ApiLanguage } from '../../contract';
import { rowsOf, type Db } from '../db/database';
import { enqueueMessage, recipientOf } from '../messaging/message-queue';
import { renewalReminderText, type RenewalStage } from '../messaging/message-texts';

/**
 * The stage a membership is in at `now`: more than a day left, '3d' (it is within 3 days: the round
 * only looks 72 hours ahead); some of a day, '1d'; ended within the last 24 hours, 'ended'.
 */
const stageSql = (now: Date) => {
  const at = now.toISOString();
  return sql`CASE
    WHEN expire_time > ${at}::timestamptz + interval '24 hours' THEN '3d'
    WHEN expire_time > ${at}::timestamptz THEN '1d'
    ELSE 'ended' END`;
};

export interface RenewalReminderDeps {
  readonly db: Db;
  readonly now: () => Date;
  /** The site's origin, for the renew link. */
  readonly siteOrigin: () => string;
}

interface Due {
  id: number;
  email: string | null;
  phone: string | null;
  language: ApiLanguage | null;
  stage: RenewalStage;
  expire_ms: string | number;
}

/** Queues the reminders due now; returns how many were new. */
export async function queueRenewalReminders(deps: RenewalReminderDeps): Promise<number> {
  const now = deps.now();
  const members = rowsOf<Due>(
    await deps.db.execute(sql`
      SELECT * FROM (
        SELECT id, email, phone, language, expire_time, ${stageSql(now)} AS stage,
          extract(epoch FROM date_trunc('milliseconds', expire_time)) * 1000 AS expire_ms
        FROM users
        WHERE renewal_reminders AND NOT disabled AND deleted_at IS NULL
          AND (email IS NOT NULL OR phone IS NOT NULL)
          AND expire_time > ${now.toISOString()}::timestamptz - interval '24 hours'
          AND expire_time <= ${now.toISOString()}::timestamptz + interval '72 hours'
      ) AS due
      -- What was queued in an earlier round is left alone: one statement, not one per member.
      WHERE NOT EXISTS (SELECT 1 FROM message_queue AS q
        WHERE q.dedupe_key = 'renewal:' || due.stage || ':' || due.id || ':' || due.expire_ms::bigint)
      ORDER BY id`),
  );
  const renewUrl = `${deps.siteOrigin()}/pricing`;
  let queued = 0;
  for (const member of members) {
    const expireTime = new Date(Number(member.expire_ms));
    const { stage } = member;
    const recipient = recipientOf(member);
    if (!recipient) continue;
    const { channel, language } = recipient;
    const isNew = await enqueueMessage(
      deps.db,
      {
        key: `renewal:${stage}:${member.id}:${expireTime.getTime()}`,
        userId: member.id,
        ...recipient,
        purpose: `renewal_${stage}`,
        ...renewalReminderText(stage, language, channel, { expireTime, renewUrl }),
        aboutExpireTime: expireTime,
      },
      now,
    );
    if (isNew) queued += 1;
  }
  return queued;
}
