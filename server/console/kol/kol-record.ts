/**
 * The KOL section's reads (issue 21, item 7; docs/console.md): the KOLs with their terms and totals
 * (the totals the member's own page shows, server/kol/kol-handlers.ts `kolTotals`), commissions
 * filtered by KOL and status, settlements and one settlement's payout records. The CLI's `kol list`
 * reads the same KOLs.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type {
  ConsoleCommission,
  ConsoleKol,
  ConsoleSettlement,
  KolCommissionStatus,
} from '../../../contract/endpoints/console-kol';
import type { Db } from '../../db/database';
import type { PageParams } from '../../db/paging';
import { pageOfQuery } from '../../db/paging';
import { kolAccounts, kolCommissions, kolSettlements, orders, users } from '../../db/schema';
import type { KolAccount } from '../../kol/kol-accounts';
import { kolTotals, kolTotalsOf, NO_KOL_TOTALS } from '../../kol/kol-handlers';
import { payoutRecordsOf, type Settlement } from '../../kol/settlements';

const iso = (date: Date | null) => date?.toISOString() ?? null;

function kolView(account: KolAccount, username: string | null, totals: ConsoleKol['totals']) {
  return {
    userId: account.userId,
    username,
    firstRatePercent: account.firstRatePercent,
    renewalRatePercent: account.renewalRatePercent,
    payoutNetwork: account.payoutNetwork,
    payoutAddress: account.payoutAddress,
    startedAt: account.startedAt.toISOString(),
    endedAt: iso(account.endedAt),
    totals,
  } satisfies ConsoleKol;
}

/** Every KOL, current and former, by user ID, with the totals at `now`. */
export async function listKols(db: Db, now: Date): Promise<ConsoleKol[]> {
  const rows = await db
    .select({ account: kolAccounts, username: users.username })
    .from(kolAccounts)
    .innerJoin(users, eq(users.id, kolAccounts.userId))
    .orderBy(kolAccounts.userId);
  const totals = await kolTotalsOf(db, now);
  return rows.map(({ account, username }) =>
    kolView(account, username, totals.get(account.userId) ?? NO_KOL_TOTALS),
  );
}

/** One KOL (current or former), or undefined for a member who never was one. */
export async function kolOf(db: Db, userId: number, now: Date): Promise<ConsoleKol | undefined> {
  const [row] = await db
    .select({ account: kolAccounts, username: users.username })
    .from(kolAccounts)
    .innerJoin(users, eq(users.id, kolAccounts.userId))
    .where(eq(kolAccounts.userId, userId));
  return row && kolView(row.account, row.username, await kolTotals(db, userId, now));
}

const commissionColumns = { commission: kolCommissions, orderNo: orders.orderNo };

function commissionView(c: typeof kolCommissions.$inferSelect, orderNo: string): ConsoleCommission {
  return {
    id: c.id,
    createdAt: c.createdAt.toISOString(),
    kolId: c.kolId,
    inviteeId: c.inviteeId,
    orderNo,
    kind: c.kind,
    reversesId: c.reversesId,
    purchaseType: c.purchaseType === 0 ? 'first' : 'renewal',
    ratePercent: c.ratePercent,
    paidAmount: c.paidAmount,
    paidCurrency: c.paidCurrency,
    commissionCents: c.commissionCents,
    status: c.status,
    availableAt: iso(c.availableAt),
    settlementId: c.settlementId,
    holdSignal: c.holdSignal,
    holdDetail: c.holdDetail,
    reviewNote: c.reviewNote,
    voidReason: c.voidReason,
  };
}

/**
 * Commissions newest first, by KOL and status; `held` is the review queue. A pending row past its
 * refund window is shown as it is stored (pending): the totals count it as available, the next
 * settlement takes it.
 */
export async function listCommissions(
  db: Db,
  filter: { kolId?: number; status?: KolCommissionStatus },
  params: PageParams,
) {
  const conditions: SQL[] = [];
  if (filter.kolId !== undefined) conditions.push(eq(kolCommissions.kolId, filter.kolId));
  if (filter.status !== undefined) conditions.push(eq(kolCommissions.status, filter.status));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  return pageOfQuery(
    params,
    db
      .select(commissionColumns)
      .from(kolCommissions)
      .innerJoin(orders, eq(orders.id, kolCommissions.orderId))
      .where(where)
      .orderBy(desc(kolCommissions.createdAt), desc(kolCommissions.id)),
    db.select({ n: count() }).from(kolCommissions).where(where),
    (r) => commissionView(r.commission, r.orderNo),
  );
}

export async function commissionOf(db: Db, id: number): Promise<ConsoleCommission | undefined> {
  const [row] = await db
    .select(commissionColumns)
    .from(kolCommissions)
    .innerJoin(orders, eq(orders.id, kolCommissions.orderId))
    .where(eq(kolCommissions.id, id));
  return row && commissionView(row.commission, row.orderNo);
}

export function settlementView(s: Settlement): ConsoleSettlement {
  return {
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    kolId: s.kolId,
    requestedBy: s.requestedBy,
    periodFrom: s.periodFrom.toISOString(),
    periodTo: s.periodTo.toISOString(),
    amountCents: s.amountCents,
    commissionCount: s.commissionCount,
    payoutNetwork: s.payoutNetwork,
    payoutAddress: s.payoutAddress,
    status: s.status,
    txHash: s.txHash,
    verification: s.verification,
    verificationNote: s.verificationNote,
    verificationReason: s.verificationReason,
    paidAt: iso(s.paidAt),
  };
}

export async function listSettlements(db: Db, filter: { kolId?: number }, params: PageParams) {
  const where = filter.kolId === undefined ? undefined : eq(kolSettlements.kolId, filter.kolId);
  return pageOfQuery(
    params,
    db
      .select()
      .from(kolSettlements)
      .where(where)
      .orderBy(desc(kolSettlements.createdAt), desc(kolSettlements.id)),
    db.select({ n: count() }).from(kolSettlements).where(where),
    settlementView,
  );
}

/** A settlement with every hash recorded on it, newest first; undefined when there is none. */
export async function settlementRecord(db: Db, settlementId: number) {
  const [s] = await db.select().from(kolSettlements).where(eq(kolSettlements.id, settlementId));
  if (!s) return undefined;
  const records = await payoutRecordsOf(db, settlementId);
  return {
    settlement: settlementView(s),
    records: records.map((r) => ({
      id: r.id,
      txHash: r.txHash,
      verification: r.verification,
      note: r.note,
      reason: r.reason,
      recordedAt: r.recordedAt.toISOString(),
    })),
  };
}
