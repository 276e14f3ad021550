/**
 * What support reads about members (issue 21, item 5): an exact search, and one member's whole
 * record in one answer (the subscription's fetches read as the member's own list reads them). Exact means exact: a user ID is the whole number (325 never finds 1325), a
 * username or an e-mail address the whole value in any case, a phone number the whole number as
 * registration stores it (E.164, mainland numbers with +86).
 */
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MemberRecord, MemberSummary } from '../../../contract/endpoints/console-users';
import { isPhone, normaliseEmail, normalisePhone } from '../../../contract/validation';
import { rowsOf, type Db } from '../../db/database';
import {
  auditLog,
  bulkExtensions,
  devices,
  groupBuys,
  groupMembers,
  invites,
  membershipGrants,
  orders,
  sessions,
  subscriptionLinks,
  users,
} from '../../db/schema';
import { subscriptionFetchesOf } from '../../nodes/subscription-fetches';
import { fail } from '../../protocol/api-error';

const INT4_MAX = 2_147_483_647;
const RECENT = 50;

type UserRow = typeof users.$inferSelect;

const iso = (date: Date) => date.toISOString();
const planOf = (value: number | null): 1 | 2 | null => (value === 1 || value === 2 ? value : null);

function summaryOf(row: UserRow): MemberSummary {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    disabled: row.disabled,
    planType: planOf(row.planType),
    expireTime: row.expireTime ? iso(row.expireTime) : null,
    createdAt: iso(row.createdAt),
  };
}

/** The conditions a query can mean, each an exact match. */
function matchesOf(query: string): SQL[] {
  const matches: SQL[] = [
    eq(sql`lower(${users.username})`, query.toLowerCase()),
    eq(sql`lower(${users.email})`, normaliseEmail(query)),
  ];
  if (/^\d{1,10}$/.test(query) && Number(query) <= INT4_MAX)
    matches.push(eq(users.id, Number(query)));
  if (isPhone(query)) matches.push(eq(users.phone, normalisePhone(query)));
  return matches;
}

export async function searchMembers(db: Db, query: string): Promise<MemberSummary[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(isNull(users.deletedAt), or(...matchesOf(query.trim()))))
    .orderBy(users.id)
    .limit(RECENT);
  return rows.map(summaryOf);
}

const reasonOf = (after: unknown): string | null =>
  after !== null &&
  typeof after === 'object' &&
  'reason' in after &&
  typeof after.reason === 'string'
    ? after.reason
    : null;

/**
 * The member's membership ledger, newest first, each operator's change with its audit entry (who,
 * and the reason): an extension or shortening is found by its grant (`adjust:<key>`, which the
 * entry names), an outage compensation (`bulk:<id>:<user>`) by its `bulk_extensions` row, whose
 * entry targets `bulk:<id>`. A grant matches one entry at most: each is written once, with it.
 */
function ledgerOf(db: Db, userId: number) {
  const adminGrant = sql`${membershipGrants.source} = 'admin'`;
  return db
    .select({
      source: membershipGrants.source,
      sourceRef: membershipGrants.sourceRef,
      seconds: membershipGrants.seconds,
      expireAfter: membershipGrants.expireAfter,
      createdAt: membershipGrants.createdAt,
      bulkReason: bulkExtensions.reason,
      after: auditLog.after,
      actorKind: auditLog.actorKind,
      actorStaffId: auditLog.actorStaffId,
      actorUsername: auditLog.actorUsername,
    })
    .from(membershipGrants)
    .leftJoin(
      bulkExtensions,
      sql`${adminGrant} AND ${membershipGrants.sourceRef} = 'bulk:' || ${bulkExtensions.id} || ':' || ${membershipGrants.userId}`,
    )
    .leftJoin(
      auditLog,
      sql`${adminGrant} AND (
        (${auditLog.action} = 'member.membership' AND ${auditLog.target} = ${`user:${userId}`}
          AND ${auditLog.after} ->> 'grant' = ${membershipGrants.sourceRef})
        OR (${auditLog.action} = 'member.extend-active'
          AND ${auditLog.target} = 'bulk:' || ${bulkExtensions.id}))`,
    )
    .where(eq(membershipGrants.userId, userId))
    .orderBy(desc(membershipGrants.createdAt), desc(membershipGrants.id))
    .limit(RECENT);
}

export async function memberRecord(db: Db, userId: number): Promise<MemberRecord> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw fail('USER_NOT_FOUND');

  const [
    orderRows,
    grantRows,
    deviceRows,
    sessionRows,
    groupRows,
    inviteRows,
    linkRows,
    fetchRows,
  ] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(RECENT),
    ledgerOf(db, userId),
    db.select().from(devices).where(eq(devices.userId, userId)).orderBy(desc(devices.lastSeenAt)),
    db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          sql`${sessions.expiresAt} > now()`,
        ),
      )
      .orderBy(desc(sessions.createdAt)),
    db
      .select({
        groupNo: groupBuys.groupNo,
        isCreator: groupMembers.isCreator,
        state: groupBuys.state,
        createdAt: groupMembers.createdAt,
      })
      .from(groupMembers)
      .innerJoin(groupBuys, eq(groupBuys.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, userId))
      .orderBy(desc(groupMembers.createdAt))
      .limit(RECENT),
    db
      .select({ inviteeId: invites.inviteeId, createdAt: invites.createdAt })
      .from(invites)
      .where(eq(invites.inviterId, userId))
      .orderBy(desc(invites.createdAt))
      .limit(RECENT),
    db
      .select()
      .from(subscriptionLinks)
      .where(eq(subscriptionLinks.userId, userId))
      .orderBy(desc(subscriptionLinks.createdAt))
      .limit(20),
    subscriptionFetchesOf(db, userId),
  ]);
  const [inviteCount] = rowsOf<{ n: string | number }>(
    await db.execute(sql`SELECT count(*) AS n FROM invites WHERE inviter_id = ${userId}`),
  );
  const commissionRows = rowsOf<{ status: string; cents: string | number; n: string | number }>(
    await db.execute(
      sql`SELECT status, sum(commission_cents) AS cents, count(*) AS n
          FROM kol_commissions WHERE kol_id = ${userId} GROUP BY status`,
    ),
  );

  return {
    member: {
      ...summaryOf(user),
      inviteCode: user.inviteCode,
      invitedBy: user.invitedBy,
      isKol: user.isKol,
      deviceLimit: user.deviceLimit,
      yearlyPaid: user.yearlyPaid,
      signupSource: user.signupSource,
    },
    orders: orderRows.map((o) => ({
      orderId: o.orderNo,
      status: o.status,
      method: o.method,
      total: { amount: o.total, currency: o.currency },
      createdAt: iso(o.createdAt),
      paidAt: o.paidAt ? iso(o.paidAt) : null,
    })),
    grants: grantRows.map((g) => ({
      source: g.source,
      sourceRef: g.sourceRef,
      seconds: g.seconds,
      expireAfter: iso(g.expireAfter),
      createdAt: iso(g.createdAt),
      reason: g.bulkReason ?? reasonOf(g.after),
      by: g.actorKind
        ? { kind: g.actorKind, staffId: g.actorStaffId, username: g.actorUsername }
        : null,
    })),
    devices: deviceRows.map((d) => ({
      id: d.id,
      name: d.deviceName,
      os: d.os,
      isWeb: d.isWeb,
      lastSeenAt: iso(d.lastSeenAt),
    })),
    sessions: sessionRows.map((s) => ({
      id: s.id,
      platform: s.platform,
      ip: s.ip,
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
    })),
    groups: groupRows.map((g) => ({
      groupId: g.groupNo,
      role: g.isCreator ? ('creator' as const) : ('member' as const),
      status: g.state,
      createdAt: iso(g.createdAt),
    })),
    invites: {
      count: Number(inviteCount?.n ?? 0),
      recent: inviteRows.map((i) => ({ userId: i.inviteeId, createdAt: iso(i.createdAt) })),
    },
    commissions: {
      count: commissionRows.reduce((sum, r) => sum + Number(r.n), 0),
      centsByStatus: Object.fromEntries(commissionRows.map((r) => [r.status, Number(r.cents)])),
    },
    fetches: fetchRows.map((f) => ({ ...f, fetchedAt: iso(f.fetchedAt) })),
    subscriptionLinks: linkRows.map((l) => ({
      createdAt: iso(l.createdAt),
      expiresAt: iso(l.expiresAt),
      consumedAt: l.consumedAt ? iso(l.consumedAt) : null,
    })),
  };
}
