/**
 * "A commission became available" (issue 22, item 10; docs/messages.md): once a commission's refund
 * window has passed it counts as available (server/kol/kol-handlers.ts `kolTotals`), and the KOL is
 * told what it is worth and what their available balance is now, once per commission
 * (`kol-available:<id>`). A held one (under review) is not available and waits; a voided one never
 * comes. A round every 10 minutes looks at the commissions whose window ended in the last 7 days
 * (older ones are not news), and one statement leaves out those already told.
 */
import { sql } from 'drizzle-orm';
import type { ApiLanguage } from '../../contract';
import { rowsOf, type Db } from '../db/database';
import { enqueueMessage, recipientOf } from '../messaging/message-queue';
import { commissionAvailableText } from '../messaging/message-texts';
import { kolTotalsOf } from './kol-handlers';

interface Due {
  id: string;
  kol_id: number;
  commission_cents: string;
  email: string | null;
  phone: string | null;
  language: ApiLanguage | null;
}

export async function queueAvailableCommissionMessages(deps: {
  readonly db: Db;
  readonly now: () => Date;
}): Promise<number> {
  const now = deps.now();
  const at = now.toISOString();
  const due = rowsOf<Due>(
    await deps.db.execute(sql`
      SELECT c.id::text AS id, c.kol_id, c.commission_cents::text AS commission_cents,
        u.email, u.phone, u.language
      FROM kol_commissions AS c JOIN users AS u ON u.id = c.kol_id
      WHERE c.kind = 'commission' AND c.status IN ('pending', 'available')
        AND c.available_at <= ${at} AND c.available_at > ${at}::timestamptz - interval '7 days'
        AND u.deleted_at IS NULL AND (u.email IS NOT NULL OR u.phone IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM message_queue AS q
          WHERE q.dedupe_key = 'kol-available:' || c.id::text)
      ORDER BY c.id`),
  );
  if (due.length === 0) return 0;
  const totals = await kolTotalsOf(deps.db, now, [...new Set(due.map((d) => d.kol_id))]);
  let queued = 0;
  for (const commission of due) {
    const recipient = recipientOf(commission);
    if (!recipient) continue;
    const isNew = await enqueueMessage(
      deps.db,
      {
        key: `kol-available:${commission.id}`,
        userId: commission.kol_id,
        ...recipient,
        purpose: 'kol_commission_available',
        ...commissionAvailableText(recipient.language, recipient.channel, {
          commissionCents: Number(commission.commission_cents),
          availableCents: totals.get(commission.kol_id)?.availableCents ?? 0,
        }),
      },
      now,
    );
    if (isNew) queued += 1;
  }
  return queued;
}
