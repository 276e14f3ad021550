/**
 * The site's text pages staff may rewrite in the console (issue 21, item 9; docs/console.md
 * "Content pages"): the FAQ and the three legal clauses. Each has a built-in text (Markdown files
 * beside the SPA's pages, src/lib/page-texts/) that stays the default; a replacement published in
 * the console is written in both languages at once and shown instead until it is restored.
 */
import { CLAUSE_NAMES, type ClauseName } from './web-routes';

export const CONTENT_PAGES = ['faq', ...CLAUSE_NAMES] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

/** A replacement's text per language, in Markdown: at most this many characters. */
export const CONTENT_PAGE_LIMITS = { body: 20_000 } as const;

export const isContentPage = (value: unknown): value is ContentPage =>
  typeof value === 'string' && (CONTENT_PAGES as readonly string[]).includes(value);

/** The address of a content page on the site. */
export const contentPagePath = (page: ContentPage): string =>
  page === 'faq' ? '/faq' : `/clause/${page satisfies ClauseName}`;

/** The content page at an address (no query, no trailing slash), or null. */
export function contentPageAt(path: string): ContentPage | null {
  return CONTENT_PAGES.find((page) => contentPagePath(page) === path) ?? null;
}
