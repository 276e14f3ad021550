import { z } from 'zod';
import { requiredText } from '../validation';
import { defineEndpoint } from '../define-endpoint';
import { Errors } from '../errors';
import { isoDate, yesNo, planGroup } from './common';
import { contentPageField } from '../content-page-fields';

export const userInfo = z.object({
  userId: z.number().int(),
  username: z.string().nullable(),
  /** Masked for display, e.g. `j***@example.com`. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Membership expiry; null when the user never had one. */
  expireTime: isoDate.nullable(),
  /** Plan type of the active membership: 1 standard, 2 lite; null without one. */
  planType: planGroup.nullable(),
  yearlyPaidUser: yesNo,
  benefitsExpireTime: isoDate.nullable(),
  isKol: yesNo,
  inviteCode: z.string(),
  hasPassword: z.boolean(),
  /** The free trial can still be started on this account. */
  trialAvailable: z.boolean(),
  /** Devices the membership allows at once. */
  deviceLimit: z.number().int(),
  createdAt: isoDate,
  /** Server time, so that countdowns need not trust the device clock. */
  serverTime: isoDate,
});
export type UserInfo = z.infer<typeof userInfo>;

export const systemUserInfo = defineEndpoint({
  path: '/api/system/system_user_info',
  auth: 'session',
  data: userInfo,
  summary: 'The current user: account, membership and programme flags.',
});

const download = z.object({ url: z.string(), version: z.string() });

export const clientConfig = z.object({
  downloads: z.object({
    ios: z.object({ appStoreUrl: z.string(), version: z.string() }),
    android: z.object({ apkUrl: z.string(), adFreeApkUrl: z.string(), version: z.string() }),
    mac: z.object({ appStoreUrl: z.string(), pkgUrl: z.string(), version: z.string() }),
    windows: download,
  }),
});
export type ClientConfig = z.infer<typeof clientConfig>;

export const systemClientConfig = defineEndpoint({
  path: '/api/system/system_client_config',
  auth: 'public',
  data: clientConfig,
  summary: 'Client downloads: links and versions per platform.',
});

const link = z.object({ key: z.string(), href: z.string() });

export const displayConfig = z.object({
  features: z.object({ groupBuy: z.boolean(), cryptoPay: z.boolean() }),
  /** The only host on which the chat-support widget loads, and its script. */
  supportWidget: z.object({ host: z.string(), scriptUrl: z.string() }),
  trialMinutes: z.number().int(),
  inviteTrialMinutes: z.number().int(),
  inviteBonusPercent: z.number(),
  liteToStandardPercent: z.number(),
  codeCooldownSeconds: z.number().int(),
  links: z.object({
    /** The header's 'more' menu: blog, status, GitHub mirrors. */
    more: z.array(link),
    /** The footer's help centre: FAQ, announcements, student discount, plans. */
    help: z.array(link),
    affiliateContact: z.string(),
    supportEmail: z.string(),
  }),
});
export type DisplayConfig = z.infer<typeof displayConfig>;

export const systemDisplayConfig = defineEndpoint({
  path: '/api/system/system_display_config',
  auth: 'public',
  data: displayConfig,
  summary: 'What the site shows: feature switches, links, trial and bonus figures.',
});

/**
 * A content page's replacement text (docs/console.md "Content pages"): the Markdown staff
 * published in both languages, and when; null while the page shows its built-in text.
 */
export const pageReplacement = z.object({
  bodyEn: z.string(),
  bodyZh: z.string(),
  updatedAt: isoDate,
});
export type PageReplacement = z.infer<typeof pageReplacement>;

export const systemPageText = defineEndpoint({
  path: '/api/system/system_page_text',
  auth: 'public',
  params: z.object({ page: contentPageField }),
  data: z.object({ replacement: pageReplacement.nullable() }),
  summary:
    "The text staff published for the FAQ or a clause, in both languages; null: the page's built-in text.",
});

export const systemRedeemCode = defineEndpoint({
  path: '/api/system/system_redeem_code',
  auth: 'session',
  params: z.object({
    code: requiredText(Errors.REQUIRED_REDEEM_CODE, 64, Errors.REDEEM_CODE_INVALID),
  }),
  data: z.object({
    planType: planGroup,
    expireTime: isoDate,
    /** Time added to the membership, after any Lite/Standard conversion. */
    addedSeconds: z.number().int(),
  }),
  summary: 'Redeem a code for membership time (once per user; single- or N-use codes).',
});

export const systemFreeTrial = defineEndpoint({
  path: '/api/system/system_free_trial',
  auth: 'session',
  data: z.object({ planType: z.literal(1), expireTime: isoDate }),
  summary:
    'Start the free trial (Standard for the configured minutes): once per account and per app device.',
});

export const systemFreeTrialStatus = defineEndpoint({
  path: '/api/system/system_free_trial_status',
  auth: 'session',
  data: z.object({
    /**
     * The error code `system_free_trial` would answer now, its true reason (TRIAL_USED,
     * TRIAL_USED_ON_DEVICE, TRIAL_HAD_INVITE_TRIAL, TRIAL_MEMBERS_ONLY_NEW); null: it would start.
     */
    refusal: z.number().int().nullable(),
  }),
  summary:
    'Whether the free trial can start for this account on this device, and if not, why (for the /trial page).',
});

export const systemAffiliate = defineEndpoint({
  path: '/api/system/system_affiliate',
  auth: 'public',
  data: z.object({ contactUrl: z.string() }),
  summary:
    "Affiliate programme contact: the messaging-app link of the partner team (display config's links.affiliateContact).",
});

export const benefit = z.object({
  title: z.string(),
  account: z.string(),
  password: z.string(),
  link: z.string(),
});

export const systemBenefits = defineEndpoint({
  path: '/api/system/system_benefits',
  auth: 'public',
  data: z.object({ items: z.array(z.object({ title: z.string(), description: z.string() })) }),
  summary: 'The benefits of a yearly plan, as marketing copy.',
});

export const systemUserBenefits = defineEndpoint({
  path: '/api/system/system_user_benefits',
  auth: 'session',
  data: z.object({ items: z.array(benefit) }),
  summary: "The current user's benefits (yearly-paid users with unexpired benefits).",
});
