/**
 * Paged lists (the KOL ledger's tabs, the console's tables): a page is 1-based, and an answer says
 * how many rows there are in all so the client can show the pages.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from './database';

export interface PageParams {
  page: number;
  pageSize: number;
}

export const offsetOf = (params: PageParams) => (params.page - 1) * params.pageSize;

/** The `LIMIT … OFFSET …` that ends a raw SQL list at one page. */
export const pageWindow = (params: PageParams) =>
  sql`LIMIT ${params.pageSize} OFFSET ${offsetOf(params)}`;

/** A page's answer: its items, where it stands, and the count of every row (as the driver gave it). */
function pageAnswer<T>(params: PageParams, items: T[], total: { n: string | number } | undefined) {
  return { items, page: params.page, pageSize: params.pageSize, total: Number(total?.n ?? 0) };
}

/** One page: its items, and how many rows `from` (a table and its condition) holds in all. */
export async function pageOf<T>(db: Db, params: PageParams, items: T[], from: SQL) {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`SELECT count(*) AS n FROM ${from}`),
  );
  return pageAnswer(params, items, row);
}

/**
 * One page of a raw SQL list: `list` (a SELECT, filtered and ordered) limited to the page, each row
 * shown through `view`, and how many rows `from` holds in all.
 */
export async function pageOfSql<R, T>(
  db: Db,
  params: PageParams,
  list: SQL,
  from: SQL,
  view: (row: R) => T,
) {
  const rows = rowsOf<R>(await db.execute(sql`${list} ${pageWindow(params)}`));
  return pageOf(db, params, rows.map(view), from);
}

/** A list's query, filtered and ordered, that can still be limited to one page (a Drizzle select). */
export interface PageableQuery<R> {
  limit(limit: number): { offset(offset: number): PromiseLike<R[]> };
}

/**
 * One page of a list: `query` limited to the page and `total` (the count of the same rows) read
 * together, each row shown through `view`.
 */
export async function pageOfQuery<R, T>(
  params: PageParams,
  query: PageableQuery<R>,
  total: PromiseLike<{ n: number | string }[]>,
  view: (row: R) => T,
) {
  const [rows, [all]] = await Promise.all([
    query.limit(params.pageSize).offset(offsetOf(params)),
    total,
  ]);
  return pageAnswer(params, rows.map(view), all);
}
