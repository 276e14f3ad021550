/**
 * The operator functions on the FAQ's and the clauses' texts (issue 21, item 9; docs/console.md
 * "Content pages"): list, publish a replacement in both languages, restore the built-in text.
 * Each change and its audit entry (the page before and after) are one transaction, under a lock
 * per page, so two staff members publishing at once cannot both start from the same text: the
 * second is told the page changed (CONTENT_PAGE_CHANGED) instead of overwriting the first.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { contentPageField } from '../../../contract/content-page-fields';
import { CONTENT_PAGES, type ContentPage } from '../../../contract/content-pages';
import {
  contentPagePublishFields,
  type ConsoleContentPage,
} from '../../../contract/endpoints/console-content';
import type { Db } from '../../db/database';
import { contentPages, staff } from '../../db/schema';
import { fail } from '../../protocol/api-error';
import { replacementOf, type PageTextRow } from '../../settings/page-texts';
import { auditedOperation, type OperationStep } from '../audited-operation';
import { checked } from '../checked-input';
import type { ContentDeps } from './announcement-operations';

type Row = PageTextRow & { readonly username: string | null };
type Step = OperationStep<ContentDeps>;

const target = (page: ContentPage) => `page:${page}`;

function viewOf(page: ContentPage, rows: readonly Row[]): ConsoleContentPage {
  const replacement = replacementOf(rows);
  if (!replacement)
    return { page, replaced: false, bodyEn: '', bodyZh: '', updatedAt: null, updatedBy: null };
  return {
    page,
    replaced: true,
    ...replacement,
    updatedBy: rows.find((r) => r.language === 'en')?.username ?? null,
  };
}

async function rowsOf(db: Db, pages: readonly ContentPage[]): Promise<Row[]> {
  return db
    .select({
      page: contentPages.page,
      language: contentPages.language,
      body: contentPages.body,
      updatedAt: contentPages.updatedAt,
      updatedBy: contentPages.updatedBy,
      username: staff.username,
    })
    .from(contentPages)
    .leftJoin(staff, eq(staff.id, contentPages.updatedBy))
    .where(inArray(contentPages.page, [...pages]));
}

async function pageView(db: Db, page: ContentPage): Promise<ConsoleContentPage> {
  return viewOf(page, await rowsOf(db, [page]));
}

/** Serialises the changes of one page (its rows may not exist yet, so a row lock would not do). */
async function lockPage(tx: Db, page: ContentPage): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`content_page:${page}`}))`);
}

/** The four pages in their order (the FAQ, then the clauses), each with its replacement or none. */
export async function listContentPages(db: Db): Promise<ConsoleContentPage[]> {
  const rows = await rowsOf(db, CONTENT_PAGES);
  return CONTENT_PAGES.map((page) =>
    viewOf(
      page,
      rows.filter((r) => r.page === page),
    ),
  );
}

/**
 * Publishes a page's text in both languages at once, instead of the built-in text or the last
 * replacement. `basedOn` is the publication the editor started from (null: the built-in text).
 */
export const publishContentPage = auditedOperation(
  (input: unknown) => checked(contentPagePublishFields, input),
  async ({ tx, now, actor, audit }: Step, fields) => {
    const updatedBy = actor.kind === 'staff' ? actor.staffId : null;
    await lockPage(tx, fields.page);
    const before = await pageView(tx, fields.page);
    const startedFrom = fields.basedOn === null ? null : Date.parse(fields.basedOn);
    const current = before.updatedAt === null ? null : Date.parse(before.updatedAt);
    if (startedFrom !== current) throw fail('CONTENT_PAGE_CHANGED');
    const texts = [
      ['en', fields.bodyEn],
      ['zh_CN', fields.bodyZh],
    ] as const;
    for (const [language, body] of texts)
      await tx
        .insert(contentPages)
        .values({ page: fields.page, language, body, updatedAt: now, updatedBy })
        .onConflictDoUpdate({
          target: [contentPages.page, contentPages.language],
          set: { body, updatedAt: now, updatedBy },
        });
    const after = await pageView(tx, fields.page);
    await audit({ action: 'page.publish', target: target(fields.page), before, after });
    return after;
  },
);

/** Removes a page's replacement: the site shows its built-in text again. Without one, nothing changes. */
export const restoreContentPage = auditedOperation(
  (input: { readonly page: unknown }) => checked(contentPageField, input.page),
  async ({ tx, audit }: Step, page) => {
    await lockPage(tx, page);
    const before = await pageView(tx, page);
    if (!before.replaced) return before;
    await tx.delete(contentPages).where(eq(contentPages.page, page));
    const after = viewOf(page, []);
    await audit({ action: 'page.restore', target: target(page), before, after });
    return after;
  },
);
