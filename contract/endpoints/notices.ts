/**
 * Announcements as members see them (issue 21, item 9; docs/console.md "Content"): the notices list
 * of the account area with its unread count, marking one read, dismissing a banner, and the live
 * banners every page shows (signed out too). Title and text come in the call's language.
 */
import { z } from 'zod';
import { rowId } from '../validation';
import { Errors } from '../errors';
import { defineEndpoint } from '../define-endpoint';
import { isoDate, ok } from './common';

const noticeIdParam = rowId(Errors.ANNOUNCEMENT_NOT_FOUND);

export const notice = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** When it went live: its start, or when it was written if it has none. */
  publishedAt: isoDate,
  endsAt: isoDate.nullable(),
  banner: z.boolean(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof notice>;

export const bannerNotice = z.object({ id: z.number().int(), title: z.string(), body: z.string() });
export type BannerNotice = z.infer<typeof bannerNotice>;

/** Live banners a page shows at most (the newest first; the first not dismissed is shown). */
export const MAX_BANNERS = 3;

export const userNotices = defineEndpoint({
  path: '/api/user/user_notices',
  auth: 'session',
  data: z.object({ notices: z.array(notice), unread: z.number().int() }),
  summary:
    'The live announcements, newest first, each with whether the member read it, and the unread count.',
});

export const userNoticeRead = defineEndpoint({
  path: '/api/user/user_notice_read',
  auth: 'session',
  params: z.object({ id: noticeIdParam }),
  data: z.object({ unread: z.number().int() }),
  summary: 'Mark a live announcement read; returns the unread count left.',
});

export const userNoticeDismiss = defineEndpoint({
  path: '/api/user/user_notice_dismiss',
  auth: 'session',
  params: z.object({ id: noticeIdParam }),
  data: ok,
  summary:
    "Dismiss a live announcement's banner, on every device of the member (it stays in the list).",
});

export const systemNoticeBanners = defineEndpoint({
  path: '/api/system/system_notice_banners',
  auth: 'optional',
  data: z.object({ banners: z.array(bannerNotice) }),
  summary:
    'The live banners, newest first (at most 3), without those the signed-in member dismissed; signed out: all of them.',
});
