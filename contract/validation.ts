/**
 * Field rules shared by the SPA forms and the server. Each schema carries the catalogue code of its
 * failure as the zod issue message, so a failure is a code until it is shown to a person.
 */
import { z } from 'zod';
import { Errors } from './errors';
import { CODE, PASSWORD } from './protocol';

/** A catalogue error as a zod issue message: its code. */
export const code = (e: { code: number }) => String(e.code);

/** PostgreSQL's `integer` (int4): the widest whole number any column behind a param holds. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * Text that must be given: trimmed, at least one character (`required` otherwise) and at most `max`
 * (`tooLong`, the same error unless told).
 */
export const requiredText = (required: { code: number }, max: number, tooLong = required) =>
  z.string(code(required)).trim().min(1, code(required)).max(max, code(tooLong));

/** A whole number from `min` to `max`, as a number or as typed (`"12"`); anything else is `error`. */
export const wholeNumber = (error: { code: number }, min: number, max: number) =>
  z.coerce.number(code(error)).int(code(error)).min(min, code(error)).max(max, code(error));

/** A row's ID, as a number or as typed: 1 to int4; anything else is `notFound`, no such row. */
export const rowId = (notFound: { code: number }) => wholeNumber(notFound, 1, INT4_MAX);

/** Local part, @, domain, top-level part of at least two letters (SPEC §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
/**
 * Mainland China mobile numbers, or any number in E.164 form (+ and 7 to 15 digits), once the
 * separators people type are gone (`compactPhone`).
 */
export const PHONE_PATTERN = /^(?:1[3-9]\d{9}|\+[1-9]\d{6,14})$/;
/**
 * A phone number as typed: digits with spaces, hyphens, dots or brackets between them, an optional
 * leading +. Only the shape; `isPhone` decides.
 */
export const PHONE_INPUT_PATTERN = /^\+?[\d\s().-]{7,40}$/;
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{2,31}$/;
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

export const emailField = requiredText(Errors.REQUIRED_EMAIL, 254, Errors.INVALID_EMAIL).regex(
  EMAIL_PATTERN,
  code(Errors.INVALID_EMAIL),
);

export const phoneField = z
  .string(code(Errors.REQUIRED_PHONE))
  .trim()
  .min(1, code(Errors.REQUIRED_PHONE))
  .regex(PHONE_INPUT_PATTERN, code(Errors.INVALID_PHONE))
  .refine(isPhone, code(Errors.INVALID_PHONE));

export const usernameField = z
  .string(code(Errors.REQUIRED_USERNAME))
  .trim()
  .min(1, code(Errors.REQUIRED_USERNAME))
  .regex(USERNAME_PATTERN, code(Errors.INVALID_USERNAME));

export const passwordField = z
  .string(code(Errors.REQUIRED_PASSWORD))
  .min(1, code(Errors.REQUIRED_PASSWORD))
  .min(PASSWORD.minLength, code(Errors.PASSWORD_TOO_SHORT))
  .max(PASSWORD.maxLength, code(Errors.PASSWORD_TOO_LONG));

export const verificationCodeField = z
  .string(code(Errors.REQUIRED_CODE))
  .trim()
  .min(1, code(Errors.REQUIRED_CODE))
  .regex(new RegExp(`^\\d{${CODE.length}}$`), code(Errors.CODE_INVALID));

/** Where a sign-up came from (SPEC §3's register-page source), e.g. `marketing`. */
export const SIGNUP_SOURCE_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;
export const signupSourceField = z
  .string()
  .trim()
  .regex(SIGNUP_SOURCE_PATTERN, code(Errors.BAD_REQUEST));

export const inviteCodeField = z
  .string()
  .trim()
  .regex(INVITE_CODE_PATTERN, code(Errors.INVITE_CODE_INVALID));

/** A password typed to log in or to confirm: only presence and the upper bound are checked. */
export const currentPasswordField = z
  .string(code(Errors.REQUIRED_PASSWORD))
  .min(1, code(Errors.REQUIRED_PASSWORD))
  .max(PASSWORD.maxLength, code(Errors.PASSWORD_TOO_LONG));

/** Login identifier: a username, an e-mail address or a phone number. */
export const accountField = requiredText(Errors.REQUIRED_ACCOUNT, 254, Errors.BAD_REQUEST);

/** What people put between the digits of a phone number: spaces (full-width too), `-`, `.`, brackets. */
const PHONE_SEPARATORS = /[\s().-]/g;

/** `+86 139 1234 5678` -> `+8613912345678`: the number without the separators people type. */
export function compactPhone(phone: string): string {
  return phone.replace(PHONE_SEPARATORS, '');
}

/** Whether a typed value is a phone number, separators allowed (the one test for every form). */
export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(compactPhone(value));
}

/**
 * Normalises a typed phone number to E.164 (mainland numbers get +86). The one helper for every
 * place a phone is typed: login, registration, reset, code requests.
 */
export function normalisePhone(phone: string): string {
  const compact = compactPhone(phone);
  return compact.startsWith('+') ? compact : `+86${compact}`;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The first catalogue code of a failed parse (zod issue messages hold codes, see above). */
export function firstErrorCode(error: z.ZodError): number {
  const first = Number(error.issues[0]?.message);
  return Number.isInteger(first) && first > 0 ? first : Errors.BAD_REQUEST.code;
}

/**
 * Why a parsed param cannot be stored: PostgreSQL text refuses U+0000 and integer columns refuse
 * numbers beyond int4. Walks objects and arrays, so nested params are covered too.
 */
export function unstorableValue(
  value: unknown,
  path: (string | number)[] = [],
): { code: number; path: (string | number)[] } | undefined {
  if (typeof value === 'string')
    return value.includes('\u0000')
      ? { code: Errors.INPUT_INVALID_CHARACTER.code, path }
      : undefined;
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= INT4_MIN && value <= INT4_MAX
      ? undefined
      : { code: Errors.NUMBER_OUT_OF_RANGE.code, path };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = unstorableValue(value[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    for (const [key, item] of Object.entries(value)) {
      const found = unstorableValue(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The same schema, refusing what the database cannot store (see unstorableValue) with a catalogue
 * code. `defineEndpoint` applies it to every endpoint's params, so no field can forget it.
 */
export function storableOnly<S extends z.ZodType>(schema: S): S {
  return schema.superRefine((value, ctx) => {
    const found = unstorableValue(value);
    if (found) ctx.addIssue({ code: 'custom', message: String(found.code), path: found.path });
  });
}

/**
 * A 6-digit code from an authenticator app; spaces people type between the digits are dropped. The
 * pattern is on the typed value, so a schema of the input (docs/api.md, the fuzz tests) shows it.
 */
export const totpCodeField = z
  .string(code(Errors.REQUIRED_TOTP_CODE))
  .min(1, code(Errors.REQUIRED_TOTP_CODE))
  .max(32, code(Errors.TOTP_CODE_INVALID))
  .regex(/^\s*(?:\d\s*){6}$/, code(Errors.TOTP_CODE_INVALID))
  .transform((v) => v.replace(/\s/g, ''));

/**
 * At sign-in: the authenticator's 6-digit code or one of the recovery codes (`xxxx-xxxx-xxxx-xxxx`,
 * case, spaces and hyphens ignored).
 */
export const secondFactorField = requiredText(
  Errors.REQUIRED_TOTP_CODE,
  64,
  Errors.TOTP_CODE_INVALID,
);
