/**
 * The members' notices (issue 21, item 9; docs/console.md "Content"): the endpoints of the notices
 * list, reading and dismissing, and the live banners; the reads are erased with an account.
 * `now` is the clock that decides which announcements are live (tests move it: app.ts passes the
 * console's, so an operator's start and end and a member's view share one clock).
 */
import fp from 'fastify-plugin';
import { registerAccountLifecycle } from '../accounts/account-lifecycle';
import { requireAuth } from '../protocol/api-context';
import {
  dismissBanner,
  eraseNoticeReads,
  listNotices,
  liveBanners,
  markNoticeRead,
} from './notices';

export function registerNoticesHooks(): void {
  registerAccountLifecycle({ name: 'notices', erasing: eraseNoticeReads });
}

export const noticesPlugin = fp<{ now?: () => number }>(async (app, options) => {
  const { db } = app.services;
  const now = () => new Date(options.now?.() ?? Date.now());
  app.services.addHandlers({
    userNotices: async (_params, context) =>
      listNotices(db, requireAuth(context).user.id, context.language, now()),
    userNoticeRead: async (params, context) =>
      markNoticeRead(db, requireAuth(context).user.id, params.id, context.language, now()),
    userNoticeDismiss: async (params, context) => {
      await dismissBanner(db, requireAuth(context).user.id, params.id, now());
      return {};
    },
    systemNoticeBanners: async (_params, context) => ({
      banners: await liveBanners(db, context.auth?.user.id ?? null, context.language, now()),
    }),
  });
});
