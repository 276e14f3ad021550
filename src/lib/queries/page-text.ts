/**
 * The FAQ's and the clauses' texts (docs/web.md "Content pages"): the replacement staff published
 * in the console, or the built-in Markdown (src/lib/page-texts/). The server serves a page's
 * prerendered HTML (the built-in text) only while it has no replacement, so a page that arrived
 * prerendered starts with "no replacement" known (`seedBuiltInText`) and hydrates without a call;
 * elsewhere (an in-app visit, the bare SPA of a replaced page) the page waits for the answer
 * rather than flash a text that is not the one published.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { contentPageAt, type ContentPage } from '../../../contract/content-pages';
import type { Locale } from '../../../contract/enums';
import type { PageReplacement } from '../../../contract/endpoints/system';
import { callLazy } from '../load-api';

const systemEndpoints = () => import('../../../contract/endpoints/system');

const PAGE_TEXT_STALE_MS = 60_000;

export const pageTextQuery = (page: ContentPage) =>
  queryOptions({
    queryKey: ['page-text', page],
    queryFn: (): Promise<{ replacement: PageReplacement | null }> =>
      callLazy(systemEndpoints(), (m) => m.systemPageText, { page }, { quiet: true }),
    staleTime: PAGE_TEXT_STALE_MS,
  });

/**
 * The page at `path` was served as its prerendered HTML, so it had no replacement a moment ago:
 * said to the query, so the first render equals that HTML (the prerender seeds the same).
 */
export function seedBuiltInText(queryClient: QueryClient, path: string): void {
  const page = contentPageAt(path.length > 1 ? path.replace(/\/+$/, '') : path);
  if (page !== null) queryClient.setQueryData(pageTextQuery(page).queryKey, { replacement: null });
}

export interface PageText {
  /** The Markdown to show, in the reader's language. */
  readonly markdown: string;
  /** When the replacement was published; null: the built-in text. */
  readonly updatedAt: string | null;
}

/**
 * The text a content page shows: the replacement in the reader's language, else the built-in
 * text (also when the read failed: the page is never empty); null while the answer is awaited.
 */
export function usePageText(
  page: ContentPage,
  builtIn: Readonly<Record<Locale, string>>,
): PageText | null {
  const { i18n } = useLingui();
  const query = useQuery(pageTextQuery(page));
  const chinese = i18n.locale === 'zh-CN';
  const replacement = query.data?.replacement;
  if (replacement)
    return {
      markdown: chinese ? replacement.bodyZh : replacement.bodyEn,
      updatedAt: replacement.updatedAt,
    };
  if (query.data || query.isError)
    return { markdown: chinese ? builtIn['zh-CN'] : builtIn.en, updatedAt: null };
  return null;
}
