/**
 * The members' notices (announcements, docs/console.md "Content"): the list with its unread count,
 * which the account menu shows beside "Notices" and the notices page lists, and the live banners
 * every page shows. The texts come in the call's language, so the locale is part of each key.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callLazy, lazyQuery } from '../load-api';

const noticeEndpoints = () => import('../../../contract/endpoints/notices');

export const NOTICES_KEY = ['notices'] as const;

export const noticesQuery = (locale: string) =>
  queryOptions({
    ...lazyQuery([...NOTICES_KEY, 'list', locale], noticeEndpoints, (m) => m.userNotices, {}),
    staleTime: 60_000,
  });

/** Signed in or not: a member's own dismissals are left out by the server. */
export const bannersQuery = (locale: string, signedIn: boolean) =>
  queryOptions({
    ...lazyQuery(
      [...NOTICES_KEY, 'banners', locale, signedIn],
      noticeEndpoints,
      (m) => m.systemNoticeBanners,
      {},
      { quiet: true },
    ),
    staleTime: 5 * 60_000,
  });

export async function markNoticeRead(queryClient: QueryClient, id: number): Promise<void> {
  await callLazy(noticeEndpoints(), (m) => m.userNoticeRead, { id }, { quiet: true });
  await queryClient.invalidateQueries({ queryKey: [...NOTICES_KEY, 'list'] });
}

export async function dismissNoticeBanner(id: number): Promise<void> {
  await callLazy(noticeEndpoints(), (m) => m.userNoticeDismiss, { id }, { quiet: true });
}

/** Banners a visitor closed on this browser (signed out, or before signing in). */
const DISMISSED_KEY = 'kestrel.dismissedNotices';

export function locallyDismissed(): number[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

export function dismissLocally(id: number): void {
  try {
    const ids = [id, ...locallyDismissed().filter((v) => v !== id)].slice(0, 50);
    window.localStorage.setItem(DISMISSED_KEY, JSON.stringify(ids));
  } catch {
    // Storage refused (private mode): the banner closes for this page view only.
  }
}
