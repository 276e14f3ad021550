/**
 * What every console endpoint shares (docs/console.md): the API's address and cookie, the session's
 * limits, the roles and permissions, and the endpoint definition itself. Each area's endpoints
 * (contract/endpoints/console.ts: the door, staff and audit; console-users.ts: members) build on it.
 */
import { z } from 'zod';
import { Errors } from '../errors';
import { empty, pagedOf } from './common';
import { code, storableOnly } from '../validation';

export { code };

export const CONSOLE_API_PREFIX = '/api/admin';
/** The header a write echoes the session's CSRF token in. */
export const CONSOLE_CSRF_HEADER = 'x-csrf-token';
/** The staff session's cookie (HttpOnly, SameSite=Strict, Path=/, Secure outside DEV). */
export const CONSOLE_SESSION_COOKIE = 'kestrel_console';
/** The console's pages in the SPA (never indexed nor cached); the CLI prints `<origin>/admin/enrol/<token>`. */
export const CONSOLE_PAGE_PREFIX = '/admin';
export const CONSOLE_ENROL_PAGE = '/admin/enrol';
export const CONSOLE_LOGIN_PAGE = '/admin/login';

/** Staff session limits (issue 21, item 3). */
export const CONSOLE_SESSION = {
  idleMinutes: 15,
  absoluteHours: 8,
  /** A money action needs a second factor entered this recently. */
  stepUpMinutes: 5,
  /** An enrolment link is valid this long. */
  enrolmentHours: 24,
  recoveryCodes: 10,
} as const;

export const STAFF_ROLES = ['owner', 'finance', 'support', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What an endpoint may need. The role matrix (server/console/roles.ts, written out in
 * docs/console.md) says which role holds which; the session endpoint returns the signed-in staff
 * member's, so the SPA shows only the sections they can use.
 */
export const CONSOLE_PERMISSIONS = [
  'staff.manage',
  'audit.read',
  'dashboard.read',
  'dashboard.money',
  'users.read',
  'users.manage',
  'users.bulk',
  'orders.read',
  'orders.refund',
  'orders.confirm',
  'payment-flags.resolve',
  'store.manage',
  'group-buy.manage',
  'crypto.manage',
  'kol.manage',
  'kol.payout',
  'nodes.manage',
  'content.manage',
] as const;
export type ConsolePermission = (typeof CONSOLE_PERMISSIONS)[number];

export type ConsoleAccess = 'public' | 'staff' | ConsolePermission;

export interface ConsoleEndpoint<I extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  readonly method: 'GET' | 'POST';
  /** The full path, e.g. `/api/admin/session`. */
  readonly path: string;
  readonly access: ConsoleAccess;
  /** Needs a second factor entered within CONSOLE_SESSION.stepUpMinutes. */
  readonly stepUp: boolean;
  /** The query (GET) or the JSON body (POST). */
  readonly input: I;
  /** The `data` of a successful answer. */
  readonly data: D;
  /** One line for docs/console.md. */
  readonly summary: string;
  /**
   * A file to save rather than an envelope: the answer is the data's `content` as this media type,
   * with `filename` as its Content-Disposition (a failure is still the JSON envelope).
   */
  readonly download?: 'text/csv';
}

/** Like defineEndpoint: the input refuses U+0000 and numbers beyond int4 whatever its schema says. */
export function defineConsoleEndpoint<I extends z.ZodType, D extends z.ZodType>(
  endpoint: ConsoleEndpoint<I, D>,
): ConsoleEndpoint<I, D> {
  return { ...endpoint, input: storableOnly(endpoint.input) };
}

type Definition<I extends z.ZodType, D extends z.ZodType> = Omit<
  ConsoleEndpoint<I, D>,
  'method' | 'stepUp' | 'input'
> & {
  stepUp?: boolean;
  /** Absent: the endpoint takes no input (`empty`). */
  input?: I;
};

const inputOrNone = <I extends z.ZodType>(input: I | undefined) =>
  input ?? (empty as z.ZodType as I);

/** A read: GET, its input in the query string; never a step-up. */
export const consoleRead = <I extends z.ZodType = typeof empty, D extends z.ZodType = z.ZodType>(
  endpoint: Omit<Definition<I, D>, 'stepUp'>,
) =>
  defineConsoleEndpoint({
    ...endpoint,
    input: inputOrNone(endpoint.input),
    method: 'GET',
    stepUp: false,
  });

/** A write: POST with a JSON body and the CSRF header; `stepUp` for a money action. */
export const consoleWrite = <I extends z.ZodType = typeof empty, D extends z.ZodType = z.ZodType>(
  endpoint: Definition<I, D>,
) =>
  defineConsoleEndpoint({
    ...endpoint,
    input: inputOrNone(endpoint.input),
    method: 'POST',
    stepUp: endpoint.stepUp ?? false,
  });

/** A text left empty counts as absent: for an optional field typed in a form or the CLI. */
export const emptyToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** An optional moment: an ISO-8601 date-time with its offset, or null / absent for none. */
export const optionalMoment = (error: { code: number }) =>
  z.iso
    .datetime({ offset: true, error: code(error) })
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** A yes or no in a JSON body; anything else is BAD_REQUEST. */
export const flagField = z.boolean(code(Errors.BAD_REQUEST));

/** `all=1` in the query: every row, not only the open ones (the default). */
export const allFlag = z
  .enum(['0', '1'], code(Errors.BAD_REQUEST))
  .default('0')
  .transform((v) => v === '1');

/** The answer of switching something off or on: whether it is on now. */
export const enabledAnswer = z.object({ enabled: z.boolean() });

/** A page number of a paged list (1-based). */
export const pageNumber = z.coerce.number().int().min(1, code(Errors.BAD_REQUEST)).max(100_000);

/** How many rows a page of a paged list holds. */
export const pageSizeField = z.coerce
  .number()
  .int()
  .min(1, code(Errors.BAD_REQUEST))
  .max(200)
  .default(50);

export { pagedOf };

const downloadData = z.object({ filename: z.string(), content: z.string() });

/** A GET answered as a file to save (the data is `{ filename, content }`); never a step-up. */
export const consoleDownload = <I extends z.ZodType>(
  endpoint: Omit<Definition<I, typeof downloadData>, 'stepUp' | 'data' | 'input'> & {
    input: I;
    download: 'text/csv';
  },
) => defineConsoleEndpoint({ ...endpoint, data: downloadData, method: 'GET', stepUp: false });

/**
 * A paged list: GET, its filters then the page and its size in the query string; the answer is one
 * page of `item` and how many rows there are in all (pagedOf).
 */
export const pagedRead = <F extends z.ZodRawShape, T extends z.ZodType>({
  filters,
  item,
  ...endpoint
}: Omit<Definition<z.ZodType, z.ZodType>, 'stepUp' | 'input' | 'data'> & {
  filters: F;
  item: T;
}) =>
  consoleRead({
    ...endpoint,
    input: z.object({ ...filters, page: pageNumber.default(1), pageSize: pageSizeField }),
    data: pagedOf(item),
  });

/** Who did something in the audit trail: a staff member, the operator CLI, or nobody known. */
export const auditActor = z.object({
  kind: z.enum(['staff', 'cli', 'anonymous']),
  /** The staff member's id (kind 'staff'). */
  staffId: z.number().int().nullable(),
  /** Their username when the entry was written; for an anonymous failed sign-in, the name typed. */
  username: z.string().nullable(),
});
