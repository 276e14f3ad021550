/**
 * The console's members section (issue 21, item 5; docs/console.md): exact search, a member's whole
 * record, the support actions on one member, and the outage compensation that extends every active
 * member at once. The CLI's `users` commands call the same operator functions
 * (server/console/users/member-operations.ts).
 */
import { z } from 'zod';
import { wholeNumber, rowId } from '../validation';
import { Errors } from '../errors';
import { isoDate, money, ok, planGroup } from './common';
import { auditActor, code, consoleRead, consoleWrite } from './console-base';
import { subscriptionFetch } from './nodes';

/** Days an operator may add or take back in one change: a decade either way. */
export const MAX_ADJUST_DAYS = 3650;
/** Days one outage compensation may add to every active member. */
export const MAX_BULK_DAYS = 90;

export const memberIdField = rowId(Errors.USER_NOT_FOUND);

/** Why an operator changed a member: kept in the audit trail. */
export const reasonField = z
  .string(code(Errors.REASON_REQUIRED))
  .trim()
  .min(3, code(Errors.REASON_REQUIRED))
  .max(500, code(Errors.REASON_TOO_LONG));

/** Whole days, never 0: positive extends, negative shortens. */
export const adjustDaysField = wholeNumber(
  Errors.ADJUST_DAYS_INVALID,
  -MAX_ADJUST_DAYS,
  MAX_ADJUST_DAYS,
).refine((days) => days !== 0, code(Errors.ADJUST_DAYS_INVALID));

export const bulkDaysField = wholeNumber(Errors.ADJUST_DAYS_INVALID, 1, MAX_BULK_DAYS);

/** One submission of a form: a repeat (a double click, a retry) applies nothing a second time. */
export const submissionKeyField = z
  .string(code(Errors.BAD_REQUEST))
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, code(Errors.BAD_REQUEST));

// --- shapes ---

export const memberSummary = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  disabled: z.boolean(),
  planType: planGroup.nullable(),
  expireTime: isoDate.nullable(),
  createdAt: isoDate,
});
export type MemberSummary = z.infer<typeof memberSummary>;

export const memberRecord = z.object({
  member: memberSummary.extend({
    inviteCode: z.string().nullable(),
    invitedBy: z.number().int().nullable(),
    isKol: z.boolean(),
    deviceLimit: z.number().int().nullable(),
    yearlyPaid: z.boolean(),
    signupSource: z.string().nullable(),
  }),
  orders: z.array(
    z.object({
      orderId: z.string(),
      status: z.string(),
      method: z.string(),
      total: money,
      createdAt: isoDate,
      paidAt: isoDate.nullable(),
    }),
  ),
  /**
   * The membership ledger, newest first: what gave or took time (seconds below 0 took it), and the
   * expiry it left. An operator's change (source `admin`: an extension or shortening, or an outage
   * compensation) carries its reason and who made it, from the audit trail; other grants have none.
   */
  grants: z.array(
    z.object({
      source: z.string(),
      sourceRef: z.string(),
      seconds: z.number().int(),
      expireAfter: isoDate,
      createdAt: isoDate,
      reason: z.string().nullable(),
      by: auditActor.nullable(),
    }),
  ),
  devices: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      os: z.string(),
      isWeb: z.boolean(),
      lastSeenAt: isoDate,
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      platform: z.string(),
      ip: z.string().nullable(),
      createdAt: isoDate,
      expiresAt: isoDate,
    }),
  ),
  groups: z.array(
    z.object({
      groupId: z.string(),
      role: z.enum(['creator', 'member']),
      status: z.string(),
      createdAt: isoDate,
    }),
  ),
  invites: z.object({
    count: z.number().int(),
    recent: z.array(z.object({ userId: z.number().int(), createdAt: isoDate })),
  }),
  commissions: z.object({
    count: z.number().int(),
    /** USD cents by status (held, pending, available, settled, voided). */
    centsByStatus: z.record(z.string(), z.number().int()),
  }),
  /** The last 20 fetches of the member's import links, newest first: what the member sees too. */
  fetches: z.array(subscriptionFetch),
  /** Import links handed out for the subscription (one-time, server/nodes). */
  subscriptionLinks: z.array(
    z.object({ createdAt: isoDate, expiresAt: isoDate, consumedAt: isoDate.nullable() }),
  ),
});
export type MemberRecord = z.infer<typeof memberRecord>;

const membershipAfter = z.object({
  expireTime: isoDate.nullable(),
  planType: planGroup.nullable(),
});

// --- endpoints ---

export const consoleUserSearch = consoleRead({
  path: '/api/admin/users/search',
  access: 'users.read',
  input: z.object({
    q: z.string(code(Errors.REQUIRED_SEARCH)).trim().min(1, code(Errors.REQUIRED_SEARCH)).max(254),
  }),
  data: z.object({ members: z.array(memberSummary) }),
  summary:
    'Exact search by user ID, username, e-mail or phone (325 never finds 1325); deleted accounts are not listed.',
});

export const consoleUserRecord = consoleRead({
  path: '/api/admin/users/record',
  access: 'users.read',
  input: z.object({ userId: memberIdField }),
  data: memberRecord,
  summary:
    "A member's record: membership and its ledger (operators' changes with reason and author), orders, devices, sessions, groups, invites, commissions, import links and their last 20 fetches.",
});

export const consoleUserAdjustMembership = consoleWrite({
  path: '/api/admin/users/membership',
  access: 'users.manage',
  input: z.object({
    userId: memberIdField,
    days: adjustDaysField,
    reason: reasonField,
    key: submissionKeyField,
  }),
  data: membershipAfter,
  summary:
    'Extend (positive days) or shorten (negative) a membership, with a reason; once per submission key.',
});

export const consoleUserSetDisabled = consoleWrite({
  path: '/api/admin/users/disabled',
  access: 'users.manage',
  input: z.object({ userId: memberIdField, disabled: z.boolean(), reason: reasonField }),
  data: z.object({ disabled: z.boolean() }),
  summary: 'Disable (every session ends) or enable an account, with a reason.',
});

export const consoleUserSignOut = consoleWrite({
  path: '/api/admin/users/sign-out',
  access: 'users.manage',
  input: z.object({ userId: memberIdField }),
  data: z.object({ sessionsEnded: z.number().int() }),
  summary: 'End every session of a member (sign out everywhere).',
});

export const consoleUserResetSubscription = consoleWrite({
  path: '/api/admin/users/reset-subscription',
  access: 'users.manage',
  input: z.object({ userId: memberIdField }),
  data: ok,
  summary:
    "Reset a member's subscription: a new node credential, every import link gone, the online devices forgotten.",
});

export const consoleUserRemoveDevice = consoleWrite({
  path: '/api/admin/users/remove-device',
  access: 'users.manage',
  input: z.object({
    userId: memberIdField,
    deviceId: z.number(code(Errors.DEVICE_NOT_FOUND)).int().min(1, code(Errors.DEVICE_NOT_FOUND)),
  }),
  data: ok,
  summary: "Remove one of a member's app devices; its sessions end.",
});

export const consoleBulkExtendPreview = consoleRead({
  path: '/api/admin/users/extend-active/preview',
  access: 'users.bulk',
  data: z.object({ activeMembers: z.number().int(), at: isoDate }),
  summary: 'How many members are active now: the ones an outage compensation would extend.',
});

export const consoleBulkExtend = consoleWrite({
  path: '/api/admin/users/extend-active',
  access: 'users.bulk',
  stepUp: true,
  input: z.object({ days: bulkDaysField, reason: reasonField, key: submissionKeyField }),
  data: z.object({
    /** Members extended by this submission (or by its first run, when it is a repeat). */
    extended: z.number().int(),
    days: z.number().int(),
    /** False when the key had already been applied: nothing changed this time. */
    applied: z.boolean(),
    appliedAt: isoDate,
  }),
  summary:
    'Outage compensation: extend every active member by N days, with a reason; exactly once per submission key (step-up).',
});

export const consoleUserEndpoints = {
  consoleUserSearch,
  consoleUserRecord,
  consoleUserAdjustMembership,
  consoleUserSetDisabled,
  consoleUserSignOut,
  consoleUserResetSubscription,
  consoleUserRemoveDevice,
  consoleBulkExtendPreview,
  consoleBulkExtend,
} as const;
