/**
 * The operator console's API (issue 21, DESIGN §6b, docs/console.md): JSON under `/api/admin/...`,
 * authenticated by a staff session cookie, not RSA-signed like the member API. Reads are GET (their
 * input in the query string), writes are POST (a JSON body) and must echo the session's CSRF token in
 * the `x-csrf-token` header. Every answer is the `{ code, msg, status, data }` envelope of the member
 * API, its `msg` in the `language` header's language; a refusal keeps its HTTP status (401 signed
 * out, 403 forbidden / CSRF / step-up, 429 throttled).
 *
 * Every endpoint names who may call it: `public` (enrolment and sign-in), `staff` (any signed-in
 * staff member), or a permission, which the server's role matrix (server/console/roles.ts) grants
 * to roles. `stepUp` endpoints also need a second factor entered within the last 5 minutes
 * (STEP_UP_REQUIRED otherwise; `POST /api/admin/session/step-up` takes a fresh code).
 */
import { z } from 'zod';
import { Errors } from '../errors';
import { PASSWORD } from '../protocol';
import { passwordField, secondFactorField, totpCodeField, requiredText } from '../validation';
import { isoDate, ok } from './common';
import {
  auditActor,
  code,
  CONSOLE_PERMISSIONS,
  type ConsoleEndpoint,
  consoleRead,
  consoleWrite,
  pagedRead,
  STAFF_ROLES,
} from './console-base';

import { consoleContentEndpoints } from './console-content';
import { consoleDashboardEndpoints } from './console-dashboard';
import { consoleGroupEndpoints } from './console-groups';
import { consoleNodeEndpoints } from './console-nodes';
import { consoleKolEndpoints } from './console-kol';
import { consoleOrderEndpoints } from './console-orders';
import { consoleUserEndpoints } from './console-users';
import { consoleCryptoEndpoints } from './console-crypto';
import { consoleStoreEndpoints } from './console-store';

export * from './console-base';
export * from './console-content';
export * from './console-dashboard';
export * from './console-groups';
export * from './console-nodes';
export * from './console-kol';
export * from './console-orders';
export * from './console-users';
export * from './console-crypto';
export * from './console-store';

// --- fields ---

export const STAFF_USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{2,31}$/;

export const staffUsernameField = z
  .string(code(Errors.REQUIRED_USERNAME))
  .trim()
  .min(1, code(Errors.REQUIRED_USERNAME))
  .regex(STAFF_USERNAME_PATTERN, code(Errors.STAFF_USERNAME_INVALID));

export const staffRoleField = z.enum(STAFF_ROLES, code(Errors.STAFF_ROLE_INVALID));

/** The token of an enrolment link (`/admin/enrol/<token>`): 43 base64url characters. */
export const enrolmentTokenField = z
  .string(code(Errors.ENROLMENT_LINK_INVALID))
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, code(Errors.ENROLMENT_LINK_INVALID));

const staffPasswordAtSignIn = z
  .string(code(Errors.REQUIRED_PASSWORD))
  .min(1, code(Errors.REQUIRED_PASSWORD))
  .max(PASSWORD.maxLength, code(Errors.PASSWORD_TOO_LONG));

/** An enrolment, by its link's token. */
const enrolmentByToken = z.object({ token: enrolmentTokenField });
/** A staff member, by username. */
const staffByName = z.object({ username: staffUsernameField });
/** A staff member by username, and the role they are to hold. */
const staffWithRole = staffByName.extend({ role: staffRoleField });

// --- shapes ---

export const staffMember = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  disabled: z.boolean(),
  /** False until the enrolment link was used (password and authenticator set). */
  enrolled: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type StaffMember = z.infer<typeof staffMember>;

export const consoleSession = z.object({
  staff: z.object({ id: z.number().int(), username: z.string(), role: z.enum(STAFF_ROLES) }),
  permissions: z.array(z.enum(CONSOLE_PERMISSIONS)),
  /** Echo in the `x-csrf-token` header of every write. */
  csrfToken: z.string(),
  /** The session ends here unless used again before (each call moves it on). */
  idleExpiresAt: isoDate,
  /** The session ends here whatever happens. */
  absoluteExpiresAt: isoDate,
  /** When a second factor was last entered (sign-in or step-up). */
  secondFactorAt: isoDate,
  /** Until when step-up endpoints pass without a new code. */
  stepUpFreshUntil: isoDate,
});
export type ConsoleSession = z.infer<typeof consoleSession>;

/** A link an owner hands to a new (or reset) staff member. */
export const enrolmentLink = z.object({
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  /** `<origin>/admin/enrol/<token>`, single use. */
  url: z.string(),
  expiresAt: isoDate,
});

export const auditEntry = z.object({
  id: z.number().int(),
  at: isoDate,
  actor: auditActor,
  ip: z.string().nullable(),
  /** e.g. `staff.sign-in`, `staff.role`, `cli.command` (docs/console.md lists them). */
  action: z.string(),
  target: z.string().nullable(),
  /** Values before and after, secrets and codes redacted. */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

// --- endpoints ---

export const consoleEnrolInfo = consoleWrite({
  path: '/api/admin/enrol/info',
  access: 'public',
  input: enrolmentByToken,
  data: z.object({
    username: z.string(),
    role: z.enum(STAFF_ROLES),
    expiresAt: isoDate,
  }),
  summary:
    'Whether an enrolment link is valid, and for whom (ENROLMENT_LINK_INVALID when used or expired).',
});

export const consoleEnrolStart = consoleWrite({
  path: '/api/admin/enrol/start',
  access: 'public',
  input: enrolmentByToken,
  data: z.object({
    /** For manual entry in the authenticator app. */
    secret: z.string(),
    /** `otpauth://totp/...` for the QR code. */
    otpauthUrl: z.string(),
  }),
  summary:
    'Make the authenticator secret of an enrolment (again on each call: the last one counts until the enrolment finishes).',
});

export const consoleEnrolFinish = consoleWrite({
  path: '/api/admin/enrol/finish',
  access: 'public',
  input: z.object({
    token: enrolmentTokenField,
    password: passwordField,
    code: totpCodeField,
  }),
  data: z.object({
    /** Shown once: each signs in once in place of an authenticator code. */
    recoveryCodes: z.array(z.string()),
  }),
  summary:
    "Set the password and confirm the authenticator with a first code; returns the 10 recovery codes once and spends the link. Doesn't sign in.",
});

export const consoleSignIn = consoleWrite({
  path: '/api/admin/session/sign-in',
  access: 'public',
  input: z.object({
    username: requiredText(Errors.REQUIRED_USERNAME, 64, Errors.STAFF_SIGN_IN_FAILED),
    password: staffPasswordAtSignIn,
    code: secondFactorField,
  }),
  data: consoleSession,
  summary:
    'Sign in with username, password and an authenticator or recovery code; sets the session cookie.',
});

export const consoleSessionInfo = consoleRead({
  path: '/api/admin/session',
  access: 'staff',
  data: consoleSession,
  summary: 'The signed-in staff member, their permissions, the CSRF token and the expiry times.',
});

export const consoleSignOut = consoleWrite({
  path: '/api/admin/session/sign-out',
  access: 'staff',
  data: ok,
  summary: 'End the session and clear its cookie.',
});

export const consoleStepUp = consoleWrite({
  path: '/api/admin/session/step-up',
  access: 'staff',
  input: z.object({ code: totpCodeField }),
  data: consoleSession,
  summary: 'Enter a fresh authenticator code before a money action (step-up).',
});

export const consoleStaffList = consoleRead({
  path: '/api/admin/staff',
  access: 'staff.manage',
  data: z.object({ staff: z.array(staffMember) }),
  summary: 'Every staff member, enrolled or not, disabled ones too.',
});

export const consoleStaffAdd = consoleWrite({
  path: '/api/admin/staff/add',
  access: 'staff.manage',
  stepUp: true,
  input: staffWithRole,
  data: enrolmentLink,
  summary: 'Add a staff member; returns their single-use enrolment link (24 h).',
});

export const consoleStaffRole = consoleWrite({
  path: '/api/admin/staff/role',
  access: 'staff.manage',
  stepUp: true,
  input: staffWithRole,
  data: staffMember,
  summary: "Change a staff member's role (never the last owner's); their sessions end.",
});

export const consoleStaffDisable = consoleWrite({
  path: '/api/admin/staff/disable',
  access: 'staff.manage',
  stepUp: true,
  input: staffByName,
  data: staffMember,
  summary: 'Disable a staff member (never the last owner); their sessions and links end.',
});

export const consoleStaffEnable = consoleWrite({
  path: '/api/admin/staff/enable',
  access: 'staff.manage',
  stepUp: true,
  input: staffByName,
  data: staffMember,
  summary: 'Enable a disabled staff member again (they sign in with their own password and code).',
});

export const consoleStaffResetTwoFactor = consoleWrite({
  path: '/api/admin/staff/reset-2fa',
  access: 'staff.manage',
  stepUp: true,
  input: staffByName,
  data: enrolmentLink,
  summary:
    "Remove a staff member's authenticator and recovery codes, end their sessions, and return a new enrolment link.",
});

export const consoleAuditList = pagedRead({
  path: '/api/admin/audit',
  access: 'audit.read',
  filters: {
    /** `cli`, `anonymous`, or a staff username. */
    actor: z.string().trim().min(1).max(64).optional(),
    /** An action (`staff.role`), or a prefix ending in a dot (`staff.`). */
    action: z.string().trim().min(1).max(64).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  },
  /** The paged answer of every console table (server/db/paging.ts). */
  item: auditEntry,
  summary: 'The audit trail, newest first, filtered by actor, action and date range, paged.',
});

/** Every console endpoint, by name (the server registers each; the tests walk them all). */
export const consoleEndpoints = {
  consoleEnrolInfo,
  consoleEnrolStart,
  consoleEnrolFinish,
  consoleSignIn,
  consoleSessionInfo,
  consoleSignOut,
  consoleStepUp,
  consoleStaffList,
  consoleStaffAdd,
  consoleStaffRole,
  consoleStaffDisable,
  consoleStaffEnable,
  consoleStaffResetTwoFactor,
  consoleAuditList,
  ...consoleUserEndpoints,
  ...consoleOrderEndpoints,
  ...consoleDashboardEndpoints,
  ...consoleNodeEndpoints,
  ...consoleGroupEndpoints,
  ...consoleContentEndpoints,
  ...consoleCryptoEndpoints,
  ...consoleKolEndpoints,
  ...consoleStoreEndpoints,
} as const satisfies Record<string, ConsoleEndpoint>;

export type ConsoleEndpointName = keyof typeof consoleEndpoints;
export type ConsoleInputOf<E> = E extends ConsoleEndpoint<infer I, z.ZodType> ? z.input<I> : never;
export type ConsoleDataOf<E> = E extends ConsoleEndpoint<z.ZodType, infer D> ? z.output<D> : never;
