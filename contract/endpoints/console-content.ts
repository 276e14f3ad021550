/**
 * The console's content section (issue 21, item 9; docs/console.md): announcements, which an
 * operator writes in English and Chinese, with an optional start and end and an optional banner.
 * Members read them through the member API (contract/endpoints/notices.ts). The operator functions
 * are in server/console/content/announcement-operations.ts.
 */
import { z } from 'zod';
import { Errors } from '../errors';
import { isoDate, ok } from './common';
import { code, consoleRead, consoleWrite } from './console-base';

export const ANNOUNCEMENT_LIMITS = { title: 120, body: 4000 } as const;

export const announcementIdField = z.coerce
  .number(code(Errors.ANNOUNCEMENT_NOT_FOUND))
  .int(code(Errors.ANNOUNCEMENT_NOT_FOUND))
  .min(1, code(Errors.ANNOUNCEMENT_NOT_FOUND))
  .max(2_147_483_647, code(Errors.ANNOUNCEMENT_NOT_FOUND));

export const announcementTitleField = z
  .string(code(Errors.ANNOUNCEMENT_TITLE_REQUIRED))
  .trim()
  .min(1, code(Errors.ANNOUNCEMENT_TITLE_REQUIRED))
  .max(ANNOUNCEMENT_LIMITS.title, code(Errors.ANNOUNCEMENT_TITLE_TOO_LONG));

export const announcementBodyField = z
  .string(code(Errors.ANNOUNCEMENT_BODY_REQUIRED))
  .trim()
  .min(1, code(Errors.ANNOUNCEMENT_BODY_REQUIRED))
  .max(ANNOUNCEMENT_LIMITS.body, code(Errors.ANNOUNCEMENT_BODY_TOO_LONG));

/** An optional moment: an ISO-8601 date-time with its offset, or null / absent for none. */
export const announcementMomentField = z.iso
  .datetime({ offset: true, error: code(Errors.ANNOUNCEMENT_DATE_INVALID) })
  .nullable()
  .optional()
  .transform((v) => v ?? null);

const announcementShape = z.object({
  titleEn: announcementTitleField,
  titleZh: announcementTitleField,
  bodyEn: announcementBodyField,
  bodyZh: announcementBodyField,
  startsAt: announcementMomentField,
  endsAt: announcementMomentField,
  banner: z.boolean(code(Errors.BAD_REQUEST)).default(false),
});

/** The end after the start, when both are given. */
const endsAfterStart = (a: { startsAt: string | null; endsAt: string | null }) =>
  a.startsAt === null || a.endsAt === null || Date.parse(a.endsAt) > Date.parse(a.startsAt);
const windowIssue = { message: code(Errors.ANNOUNCEMENT_ENDS_BEFORE_START), path: ['endsAt'] };

/** Both languages' title and body, the optional window and the banner flag; the end after the start. */
export const announcementFields = announcementShape.refine(endsAfterStart, windowIssue);
export type AnnouncementFields = z.output<typeof announcementFields>;

/**
 * Where an announcement stands at the server's clock: `scheduled` (its start is ahead), `live`
 * (members see it), `ended` (its end passed) or `withdrawn` (an operator took it back).
 */
export const ANNOUNCEMENT_STATES = ['scheduled', 'live', 'ended', 'withdrawn'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

export const consoleAnnouncement = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleZh: z.string(),
  bodyEn: z.string(),
  bodyZh: z.string(),
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
  banner: z.boolean(),
  state: z.enum(ANNOUNCEMENT_STATES),
  withdrawnAt: isoDate.nullable(),
  /** Members who opened it. */
  reads: z.number().int(),
  /** Members who dismissed its banner. */
  dismissals: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type ConsoleAnnouncement = z.infer<typeof consoleAnnouncement>;

// --- endpoints ---

export const consoleAnnouncementList = consoleRead({
  path: '/api/admin/announcements',
  access: 'content.manage',
  input: z.object({}),
  data: z.object({ announcements: z.array(consoleAnnouncement), at: isoDate }),
  summary:
    'Every announcement, newest first, with its state (scheduled, live, ended, withdrawn) and how many members read it.',
});

export const consoleAnnouncementCreate = consoleWrite({
  path: '/api/admin/announcements/create',
  access: 'content.manage',
  input: announcementFields,
  data: consoleAnnouncement,
  summary:
    'Write an announcement: title and text in English and Chinese, an optional start and end, an optional banner.',
});

export const consoleAnnouncementUpdate = consoleWrite({
  path: '/api/admin/announcements/update',
  access: 'content.manage',
  input: announcementShape.extend({ id: announcementIdField }).refine(endsAfterStart, windowIssue),
  data: consoleAnnouncement,
  summary:
    'Change an announcement (not a withdrawn one); members who read it keep it read, a dismissed banner stays dismissed.',
});

export const consoleAnnouncementWithdraw = consoleWrite({
  path: '/api/admin/announcements/withdraw',
  access: 'content.manage',
  input: z.object({ id: announcementIdField }),
  data: consoleAnnouncement,
  summary:
    'Withdraw an announcement: members no longer see it (nor its banner); it stays in the console and the audit trail.',
});

export const consoleAnnouncementDelete = consoleWrite({
  path: '/api/admin/announcements/delete',
  access: 'content.manage',
  input: z.object({ id: announcementIdField }),
  data: ok,
  summary:
    'Delete an announcement no member has read (a mistake); one already read is withdrawn instead (ANNOUNCEMENT_ALREADY_READ).',
});

export const consoleContentEndpoints = {
  consoleAnnouncementList,
  consoleAnnouncementCreate,
  consoleAnnouncementUpdate,
  consoleAnnouncementWithdraw,
  consoleAnnouncementDelete,
} as const;
