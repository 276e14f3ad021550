/**
 * Announcements as members see them (issue 21, item 9; docs/console.md "Content"). One rule says
 * which are live (`liveAt`): not withdrawn, started (or with no start), not ended (or with no end);
 * the console's operator functions (server/console/content) use it for an announcement's state too.
 * A member's read and dismissal is one `announcement_reads` row per announcement.
 */
import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ApiLanguage } from '../../contract';
import type { BannerNotice, Notice } from '../../contract/endpoints/notices';
import { MAX_BANNERS } from '../../contract/endpoints/notices';
import type { Db } from '../db/database';
import { announcementReads, announcements } from '../db/schema';
import { fail } from '../protocol/api-error';

/** Members see at most this many notices, the newest. */
export const MAX_NOTICES = 50;

type Row = typeof announcements.$inferSelect;

/** The condition of a live announcement at `at`. */
export function liveAt(at: Date): SQL {
  return and(
    isNull(announcements.withdrawnAt),
    or(isNull(announcements.startsAt), lte(announcements.startsAt, at)),
    or(isNull(announcements.endsAt), gt(announcements.endsAt, at)),
  )!;
}

/** The same rule on a row already read. */
export function stateOf(
  row: Pick<Row, 'withdrawnAt' | 'startsAt' | 'endsAt'>,
  at: Date,
): 'scheduled' | 'live' | 'ended' | 'withdrawn' {
  if (row.withdrawnAt) return 'withdrawn';
  if (row.startsAt && row.startsAt > at) return 'scheduled';
  if (row.endsAt && row.endsAt <= at) return 'ended';
  return 'live';
}

/** When it went live for members: its start, or when it was written. */
const publishedAt = sql<Date>`coalesce(${announcements.startsAt}, ${announcements.createdAt})`;

/** The member's language's text; the contract requires both, so neither is ever empty. */
function inLanguage(language: ApiLanguage, row: Row): { title: string; body: string } {
  return language === 'zh_CN'
    ? { title: row.titleZh, body: row.bodyZh }
    : { title: row.titleEn, body: row.bodyEn };
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The live notices, newest first, with the member's read flags and the unread count. */
export async function listNotices(
  db: Db,
  userId: number,
  language: ApiLanguage,
  at: Date,
): Promise<{ notices: Notice[]; unread: number }> {
  const rows = await db
    .select({ announcement: announcements, readAt: announcementReads.readAt, publishedAt })
    .from(announcements)
    .leftJoin(
      announcementReads,
      and(
        eq(announcementReads.announcementId, announcements.id),
        eq(announcementReads.userId, userId),
      ),
    )
    .where(liveAt(at))
    .orderBy(desc(publishedAt), desc(announcements.id))
    .limit(MAX_NOTICES);
  const notices = rows.map(({ announcement, readAt, publishedAt: published }) => ({
    id: announcement.id,
    ...inLanguage(language, announcement),
    publishedAt: asDate(published).toISOString(),
    endsAt: announcement.endsAt?.toISOString() ?? null,
    banner: announcement.banner,
    read: readAt !== null,
  }));
  return { notices, unread: notices.filter((n) => !n.read).length };
}

/**
 * Refuses an announcement members cannot see now (unknown, withdrawn, not started, ended). The row
 * is held against deletion until the transaction ends: an operator deleting it at that moment waits
 * (and then finds it read), or goes first and the member is told it is not there.
 */
async function requireLive(tx: Db, id: number, at: Date): Promise<void> {
  const [row] = await tx
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.id, id), liveAt(at)))
    .for('key share');
  if (!row) throw fail('ANNOUNCEMENT_NOT_FOUND');
}

/**
 * Notes a member's first read or dismissal of a live notice; a later one keeps the first moment.
 */
async function noteFirst(
  db: Db,
  userId: number,
  id: number,
  at: Date,
  column: 'readAt' | 'dismissedAt',
): Promise<void> {
  const first = announcementReads[column];
  await db.transaction(async (tx) => {
    await requireLive(tx, id, at);
    await tx
      .insert(announcementReads)
      .values({ userId, announcementId: id, [column]: at })
      .onConflictDoUpdate({
        target: [announcementReads.userId, announcementReads.announcementId],
        set: { [column]: sql`coalesce(${first}, excluded.${sql.identifier(first.name)})` },
      });
  });
}

/** Marks a live notice read (again: nothing changes); returns the unread count left. */
export async function markNoticeRead(
  db: Db,
  userId: number,
  id: number,
  language: ApiLanguage,
  at: Date,
): Promise<{ unread: number }> {
  await noteFirst(db, userId, id, at, 'readAt');
  return { unread: (await listNotices(db, userId, language, at)).unread };
}

/** Closes a live notice's banner for the member, on every device; the notice stays in the list. */
export function dismissBanner(db: Db, userId: number, id: number, at: Date): Promise<void> {
  return noteFirst(db, userId, id, at, 'dismissedAt');
}

/** The live banners, newest first; for a member, without the ones they dismissed. */
export async function liveBanners(
  db: Db,
  userId: number | null,
  language: ApiLanguage,
  at: Date,
): Promise<BannerNotice[]> {
  const notDismissed =
    userId === null
      ? undefined
      : sql`NOT EXISTS (SELECT 1 FROM ${announcementReads}
              WHERE ${announcementReads.announcementId} = ${announcements.id}
                AND ${announcementReads.userId} = ${userId}
                AND ${isNotNull(announcementReads.dismissedAt)})`;
  const rows = await db
    .select()
    .from(announcements)
    .where(and(liveAt(at), eq(announcements.banner, true), notDismissed))
    .orderBy(desc(publishedAt), desc(announcements.id))
    .limit(MAX_BANNERS);
  return rows.map((row) => ({ id: row.id, ...inLanguage(language, row) }));
}

/** Account deletion: the member's reads and dismissals go with the account. */
export async function eraseNoticeReads(tx: Db, userId: number): Promise<void> {
  await tx.delete(announcementReads).where(eq(announcementReads.userId, userId));
}
