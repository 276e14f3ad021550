/**
 * The console's content section (issue 21, item 9; docs/console.md): announcements, which an
 * operator writes in English and Chinese, with an optional start and end and an optional banner.
 * Members read them through the member API (contract/endpoints/notices.ts). The operator functions
 * are in server/console/content/announcement-operations.ts.
 */
import { z } from 'zod';
import { Errors } from '../errors';
import { isoDate, ok } from './common';
import { emailField, requiredText, rowId } from '../validation';
import { code, consoleRead, consoleWrite, optionalMoment, flagField } from './console-base';
import { CONTENT_PAGES } from '../content-pages';
import { contentPageBodyField, contentPageField } from '../content-page-fields';

export const ANNOUNCEMENT_LIMITS = { title: 120, body: 4000 } as const;

export const announcementIdField = rowId(Errors.ANNOUNCEMENT_NOT_FOUND);

export const announcementTitleField = requiredText(
  Errors.ANNOUNCEMENT_TITLE_REQUIRED,
  ANNOUNCEMENT_LIMITS.title,
  Errors.ANNOUNCEMENT_TITLE_TOO_LONG,
);

export const announcementBodyField = requiredText(
  Errors.ANNOUNCEMENT_BODY_REQUIRED,
  ANNOUNCEMENT_LIMITS.body,
  Errors.ANNOUNCEMENT_BODY_TOO_LONG,
);

/** An optional moment: an ISO-8601 date-time with its offset, or null / absent for none. */
export const announcementMomentField = optionalMoment(Errors.ANNOUNCEMENT_DATE_INVALID);

const announcementShape = z.object({
  titleEn: announcementTitleField,
  titleZh: announcementTitleField,
  bodyEn: announcementBodyField,
  bodyZh: announcementBodyField,
  startsAt: announcementMomentField,
  endsAt: announcementMomentField,
  banner: flagField.default(false),
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

// --- the site's links (display config `links`) ---

/**
 * Where a link of the site may lead: an https:// address (a host, no spaces, no user:password@),
 * or a path on this site (`/faq`; never `//host`, which leaves the site).
 */
export function isSiteLinkTarget(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const linkTargetField = requiredText(Errors.LINK_URL_INVALID, 500).refine(
  isSiteLinkTarget,
  code(Errors.LINK_URL_INVALID),
);

/** An https:// address only (the affiliate contact opens a messaging app, never a page here). */
export const externalLinkField = linkTargetField.refine(
  (v) => v.startsWith('https://'),
  code(Errors.LINK_URL_INVALID),
);

/** The two menus of links: the header's "More" menu and the footer's help centre. */
export const LINK_MENUS = ['more', 'help'] as const;
export type LinkMenu = (typeof LINK_MENUS)[number];
export const LINK_MENU_SIZE = 8;

/** A link's key: the label's key (the SPA's src/app/layout/link-labels.ts); an unknown one is shown as is. */
export const linkKeyField = z
  .string(code(Errors.LINK_KEY_INVALID))
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, code(Errors.LINK_KEY_INVALID));

const linkEntry = z.object({ key: linkKeyField, href: linkTargetField });

const linkList = z
  .array(linkEntry, code(Errors.BAD_REQUEST))
  .max(LINK_MENU_SIZE, code(Errors.LINK_MENU_FULL))
  .refine(
    (list) => new Set(list.map((l) => l.key)).size === list.length,
    code(Errors.LINK_KEY_TAKEN),
  );

/** The display config's `links`: the header's "more" menu, the footer's help centre, two contacts. */
export const siteLinksFields = z.object({
  more: linkList,
  help: linkList,
  affiliateContact: externalLinkField,
  supportEmail: emailField,
});
export type SiteLinks = z.output<typeof siteLinksFields>;

export const siteLinks = z.object({
  more: z.array(z.object({ key: z.string(), href: z.string() })),
  help: z.array(z.object({ key: z.string(), href: z.string() })),
  affiliateContact: z.string(),
  supportEmail: z.string(),
});

export const consoleLinksRead = consoleRead({
  path: '/api/admin/links',
  access: 'content.manage',
  data: siteLinks,
  summary:
    "The site's links (display config `links`): the header's more menu, the footer's help centre, the affiliate contact and the support e-mail.",
});

export const consoleLinksUpdate = consoleWrite({
  path: '/api/admin/links/update',
  access: 'content.manage',
  input: siteLinksFields,
  data: siteLinks,
  summary:
    "Change the site's links: https:// addresses or paths on this site, checked; the rest of the display config is kept.",
});

/** One link of a menu (added by the console, added or replaced by the CLI's `links set`). */
export const siteLinkFields = z.object({
  menu: z.enum(LINK_MENUS, code(Errors.BAD_REQUEST)),
  key: linkKeyField,
  href: linkTargetField,
});

export const consoleLinksAdd = consoleWrite({
  path: '/api/admin/links/add',
  access: 'content.manage',
  input: siteLinkFields,
  data: siteLinks,
  summary:
    'Add a link at the end of a menu: a new key (letters and digits) and its address, checked like every link; the menu holds 8 at most.',
});

export const consoleLinksRemove = consoleWrite({
  path: '/api/admin/links/remove',
  access: 'content.manage',
  input: z.object({
    menu: z.enum(LINK_MENUS, code(Errors.BAD_REQUEST)),
    key: z.string(code(Errors.LINK_NOT_FOUND)),
  }),
  data: siteLinks,
  summary: 'Remove one link from a menu (LINK_NOT_FOUND when the menu has no link with this key).',
});

export const BENEFIT_LIMITS = { title: 120, description: 1000, account: 200 } as const;

export const benefitIdField = rowId(Errors.BENEFIT_NOT_FOUND);

const benefitTitle = requiredText(Errors.BENEFIT_TITLE_REQUIRED, BENEFIT_LIMITS.title);
const benefitDescription = z
  .string(code(Errors.BENEFIT_DESCRIPTION_INVALID))
  .trim()
  .max(BENEFIT_LIMITS.description, code(Errors.BENEFIT_DESCRIPTION_INVALID))
  .default('');
const benefitSecret = requiredText(Errors.BENEFIT_ACCOUNT_REQUIRED, BENEFIT_LIMITS.account);

/**
 * A benefit of the yearly plan (SPEC §3 /user/benefits): its title and optional description in
 * both languages, the shared account and password members use, the link, the order and whether
 * members see it.
 */
export const benefitFields = z
  .object({
    titleEn: benefitTitle,
    titleZh: benefitTitle,
    descriptionEn: benefitDescription,
    descriptionZh: benefitDescription,
    account: benefitSecret,
    password: benefitSecret,
    link: z
      .string(code(Errors.BENEFIT_LINK_INVALID))
      .trim()
      .max(2048, code(Errors.BENEFIT_LINK_INVALID))
      .regex(/^https?:\/\/[^\s/]+\S*$/, code(Errors.BENEFIT_LINK_INVALID)),
    sort: z
      .number(code(Errors.BENEFIT_SORT_INVALID))
      .int(code(Errors.BENEFIT_SORT_INVALID))
      .min(-1_000_000, code(Errors.BENEFIT_SORT_INVALID))
      .max(1_000_000, code(Errors.BENEFIT_SORT_INVALID))
      .default(0),
    active: flagField.default(true),
  })
  .refine((b) => (b.descriptionEn === '') === (b.descriptionZh === ''), {
    message: code(Errors.BENEFIT_DESCRIPTION_INVALID),
    path: ['descriptionZh'],
  });
export type BenefitFields = z.output<typeof benefitFields>;

export const consoleBenefit = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleZh: z.string(),
  descriptionEn: z.string(),
  descriptionZh: z.string(),
  account: z.string(),
  password: z.string(),
  link: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
  createdAt: isoDate,
});
export type ConsoleBenefit = z.infer<typeof consoleBenefit>;

export const consoleBenefitList = consoleRead({
  path: '/api/admin/benefits',
  access: 'content.manage',
  data: z.object({ benefits: z.array(consoleBenefit) }),
  summary: "The yearly plan's benefits, in the order members see them, hidden ones too.",
});

export const consoleBenefitCreate = consoleWrite({
  path: '/api/admin/benefits/create',
  access: 'content.manage',
  input: benefitFields,
  data: consoleBenefit,
  summary: 'Add a benefit: title (and an optional description) in both languages, account, link.',
});

export const consoleBenefitUpdate = consoleWrite({
  path: '/api/admin/benefits/update',
  access: 'content.manage',
  input: z.intersection(z.object({ id: benefitIdField }), benefitFields),
  data: consoleBenefit,
  summary: 'Change a benefit: every field as in create; hiding it (`active: false`) keeps it.',
});

// --- the FAQ and the clauses (docs/console.md "Content pages") ---

/**
 * A content page as the console sees it: the replacement staff published (both languages, when
 * and by whom), or `replaced: false` and empty bodies while the site shows the built-in text.
 */
export const consoleContentPage = z.object({
  page: z.enum(CONTENT_PAGES),
  replaced: z.boolean(),
  bodyEn: z.string(),
  bodyZh: z.string(),
  updatedAt: isoDate.nullable(),
  /** The staff member who published it (their username then); null for the CLI or none. */
  updatedBy: z.string().nullable(),
});
export type ConsoleContentPage = z.infer<typeof consoleContentPage>;

export const contentPagePublishFields = z.object({
  page: contentPageField,
  bodyEn: contentPageBodyField,
  bodyZh: contentPageBodyField,
  /**
   * The `updatedAt` of the text the editor started from (null: the built-in one): a page
   * published by someone else since is CONTENT_PAGE_CHANGED instead of being overwritten.
   */
  basedOn: z.iso.datetime({ offset: true, error: code(Errors.CONTENT_PAGE_CHANGED) }).nullable(),
});
export type ContentPagePublishFields = z.output<typeof contentPagePublishFields>;

export const consoleContentPageList = consoleRead({
  path: '/api/admin/pages',
  access: 'content.manage',
  data: z.object({ pages: z.array(consoleContentPage) }),
  summary:
    'The FAQ and the three clauses, each with the replacement text published in the console (both languages) or none (the built-in text).',
});

export const consoleContentPagePublish = consoleWrite({
  path: '/api/admin/pages/publish',
  access: 'content.manage',
  input: contentPagePublishFields,
  data: consoleContentPage,
  summary:
    "Publish a page's text in English and Chinese (Markdown) instead of the built-in one; refused when someone published it since the editor opened.",
});

export const consoleContentPageRestore = consoleWrite({
  path: '/api/admin/pages/restore',
  access: 'content.manage',
  input: z.object({ page: contentPageField }),
  data: consoleContentPage,
  summary: "Remove a page's replacement: the site shows the built-in text again.",
});

export const consoleContentEndpoints = {
  consoleAnnouncementList,
  consoleAnnouncementCreate,
  consoleAnnouncementUpdate,
  consoleAnnouncementWithdraw,
  consoleAnnouncementDelete,
  consoleLinksRead,
  consoleLinksUpdate,
  consoleLinksAdd,
  consoleLinksRemove,
  consoleBenefitList,
  consoleBenefitCreate,
  consoleBenefitUpdate,
  consoleContentPageList,
  consoleContentPagePublish,
  consoleContentPageRestore,
} as const;
