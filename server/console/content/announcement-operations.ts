/**
 * The operator functions on announcements (issue 21, item 9; docs/console.md "Content"): list,
 * write, change, withdraw and delete. Each change and its audit entry (values before and after) are
 * one transaction. Which announcements are live is the members' rule (server/notices/notices.ts).
 */
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  announcementFields,
  announcementIdField,
  type ConsoleAnnouncement,
} from '../../../contract/endpoints/console-content';
import type { Db } from '../../db/database';
import { announcementReads, announcements } from '../../db/schema';
import { stateOf } from '../../notices/notices';
import { fail } from '../../protocol/api-error';
import { auditedOperation, type OperationStep } from '../audited-operation';
import { checked } from '../checked-input';

export interface ContentDeps {
  readonly db: Db;
  readonly now: () => Date;
}

type Row = typeof announcements.$inferSelect;
type Step = OperationStep<ContentDeps>;

const target = (id: number) => `announcement:${id}`;

/** What the audit trail keeps of an announcement (its whole text: nothing in it is secret). */
function auditView(row: Row) {
  return {
    titleEn: row.titleEn,
    titleZh: row.titleZh,
    bodyEn: row.bodyEn,
    bodyZh: row.bodyZh,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    banner: row.banner,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  };
}

async function countsOf(db: Db, id: number) {
  const [row] = await db
    .select({
      reads: sql<number>`count(${announcementReads.readAt})::int`,
      dismissals: sql<number>`count(${announcementReads.dismissedAt})::int`,
    })
    .from(announcementReads)
    .where(eq(announcementReads.announcementId, id));
  return { reads: Number(row?.reads ?? 0), dismissals: Number(row?.dismissals ?? 0) };
}

function view(
  row: Row,
  at: Date,
  counts: { reads: number; dismissals: number },
): ConsoleAnnouncement {
  return {
    id: row.id,
    ...auditView(row),
    state: stateOf(row, at),
    ...counts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every announcement, newest written first, with its state now and its reads. */
export async function listAnnouncements(db: Db, at: Date): Promise<ConsoleAnnouncement[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(announcements).orderBy(desc(announcements.createdAt), desc(announcements.id)),
    db
      .select({
        id: announcementReads.announcementId,
        reads: sql<number>`count(${announcementReads.readAt})::int`,
        dismissals: sql<number>`count(${announcementReads.dismissedAt})::int`,
      })
      .from(announcementReads)
      .groupBy(announcementReads.announcementId),
  ]);
  const byId = new Map(
    counts.map((c) => [c.id, { reads: Number(c.reads), dismissals: Number(c.dismissals) }]),
  );
  return rows.map((row) => view(row, at, byId.get(row.id) ?? { reads: 0, dismissals: 0 }));
}

async function lockAnnouncement(tx: Db, id: number): Promise<Row> {
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
  if (!row) throw fail('ANNOUNCEMENT_NOT_FOUND');
  return row;
}

const moment = (value: string | null) => (value === null ? null : new Date(value));

/** Writes an announcement; members see it from its start (now when it has none). */
export const createAnnouncement = auditedOperation(
  (input: unknown) => checked(announcementFields, input),
  async ({ tx, now, audit }: Step, fields) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        ...fields,
        startsAt: moment(fields.startsAt),
        endsAt: moment(fields.endsAt),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await audit({ action: 'announcement.create', target: target(row!.id), after: auditView(row!) });
    return view(row!, now, { reads: 0, dismissals: 0 });
  },
);

/** Changes an announcement that was not withdrawn; reads and dismissals stay. */
export const updateAnnouncement = auditedOperation(
  (input: { id: unknown } & Record<string, unknown>) => ({
    id: checked(announcementIdField, input.id),
    fields: checked(announcementFields, input),
  }),
  async ({ tx, now, audit }: Step, { id, fields }) => {
    const before = await lockAnnouncement(tx, id);
    if (before.withdrawnAt) throw fail('ANNOUNCEMENT_WITHDRAWN');
    const [row] = await tx
      .update(announcements)
      .set({
        ...fields,
        startsAt: moment(fields.startsAt),
        endsAt: moment(fields.endsAt),
        updatedAt: now,
      })
      .where(eq(announcements.id, id))
      .returning();
    await audit({
      action: 'announcement.update',
      target: target(id),
      before: auditView(before),
      after: auditView(row!),
    });
    return view(row!, now, await countsOf(tx, id));
  },
);

const checkedId = (input: { id: unknown }) => checked(announcementIdField, input.id);

/** Takes an announcement back: members no longer see it; withdrawing twice changes nothing. */
export const withdrawAnnouncement = auditedOperation(
  checkedId,
  async ({ tx, now, audit }: Step, id) => {
    const before = await lockAnnouncement(tx, id);
    if (before.withdrawnAt) return view(before, now, await countsOf(tx, id));
    const [row] = await tx
      .update(announcements)
      .set({ withdrawnAt: now, updatedAt: now })
      .where(eq(announcements.id, id))
      .returning();
    await audit({
      action: 'announcement.withdraw',
      target: target(id),
      before: { withdrawnAt: null, state: stateOf(before, now) },
      after: { withdrawnAt: now.toISOString(), state: 'withdrawn' },
    });
    return view(row!, now, await countsOf(tx, id));
  },
);

/**
 * Deletes an announcement no member has read (a mistake, a test); one that was read is part of
 * what members were told and is withdrawn instead (ANNOUNCEMENT_ALREADY_READ).
 */
export const deleteAnnouncement = auditedOperation(
  checkedId,
  async ({ tx, audit }: Step, id): Promise<Record<string, never>> => {
    const before = await lockAnnouncement(tx, id);
    const [read] = await tx
      .select({ n: count() })
      .from(announcementReads)
      .where(and(eq(announcementReads.announcementId, id), isNotNull(announcementReads.readAt)));
    if ((read?.n ?? 0) > 0) throw fail('ANNOUNCEMENT_ALREADY_READ');
    // Dismissals of an unread banner go with it (ON DELETE CASCADE).
    await tx.delete(announcements).where(eq(announcements.id, id));
    await audit({ action: 'announcement.delete', target: target(id), before: auditView(before) });
    return {};
  },
);
