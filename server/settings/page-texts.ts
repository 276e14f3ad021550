/**
 * The FAQ's and the clauses' replacement texts (table `content_pages`, docs/console.md "Content
 * pages"): what the public endpoint answers and what the server reads to decide whether a page's
 * prerendered HTML (the built-in text) may be served. Writing them is the console's
 * (server/console/content/page-text-operations.ts).
 */
import { eq } from 'drizzle-orm';
import type { ContentPage } from '../../contract/content-pages';
import type { PageReplacement } from '../../contract/endpoints/system';
import type { Db } from '../db/database';
import { contentPages } from '../db/schema';

export type PageTextRow = typeof contentPages.$inferSelect;

/** A page's two rows as one replacement; null unless both languages are there. */
export function replacementOf(rows: readonly PageTextRow[]): PageReplacement | null {
  const en = rows.find((r) => r.language === 'en');
  const zh = rows.find((r) => r.language === 'zh_CN');
  if (!en || !zh) return null;
  return { bodyEn: en.body, bodyZh: zh.body, updatedAt: en.updatedAt.toISOString() };
}

export async function readPageReplacement(
  db: Pick<Db, 'select'>,
  page: ContentPage,
): Promise<PageReplacement | null> {
  return replacementOf(await db.select().from(contentPages).where(eq(contentPages.page, page)));
}

/** Whether staff replaced the page's built-in text (its prerendered HTML is then stale). */
export async function isPageReplaced(db: Db, page: ContentPage): Promise<boolean> {
  const rows = await db
    .select({ page: contentPages.page })
    .from(contentPages)
    .where(eq(contentPages.page, page))
    .limit(1);
  return rows.length > 0;
}
