/**
 * Member account security (issue 22; docs/account-security.md): the password, two-step sign-in with
 * an authenticator app and its recovery codes, and the list of signed-in sessions. Every change
 * needs the current password or a current code: a session left open on someone else's computer is
 * not enough to take the account over (OWASP ASVS 5, 6.3.3, 7.4.3, 7.5.1, 7.5.2).
 */
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { Errors } from '../errors';
import {
  currentPasswordField,
  passwordField,
  secondFactorField,
  totpCodeField,
  verificationCodeField,
} from '../validation';
import { isoDate, ok } from './common';
import { channelTarget, codeSent } from './user';

export const TWO_STEP = {
  /** Recovery codes made each time two-step sign-in is turned on; each works once. */
  recoveryCodes: 10,
  /** The issuer an authenticator app shows beside the account. */
  issuer: 'Kestrel VPN',
} as const;

export const userSecurity = defineEndpoint({
  path: '/api/user/user_security',
  auth: 'session',
  data: z.object({
    /** The addresses the member signs in with and gets messages at; null when the account has none. */
    email: z.string().nullable(),
    phone: z.string().nullable(),
    hasPassword: z.boolean(),
    totpEnabled: z.boolean(),
    totpEnabledAt: isoDate.nullable(),
    /** Unused recovery codes; 0 when two-step sign-in is off. */
    recoveryCodesLeft: z.number().int(),
    /** Renewal reminders wanted (docs/messages.md); security notices and receipts always go. */
    renewalReminders: z.boolean(),
  }),
  summary:
    'What protects the account (a password, two-step sign-in and its recovery codes left), and the reminders chosen.',
});

export const userMessagePreferences = defineEndpoint({
  path: '/api/user/user_message_preferences',
  auth: 'session',
  params: z.object({
    renewalReminders: z.boolean(String(Errors.BAD_REQUEST.code)),
  }),
  data: z.object({ renewalReminders: z.boolean() }),
  summary:
    'Turn the renewal reminders (3 days and 1 day before the membership ends, and on the day) on or off. Security notices and receipts always go.',
});

export const userChangePassword = defineEndpoint({
  path: '/api/user/user_change_password',
  auth: 'session',
  params: z.object({
    password: currentPasswordField,
    newPassword: passwordField,
    /** End every other session of the account (the current one stays). */
    signOutOthers: z.boolean(String(Errors.BAD_REQUEST.code)).default(true),
  }),
  data: z.object({ signedOut: z.number().int() }),
  summary:
    'Change the password with the current one; other sessions end unless `signOutOthers` is false. A notice goes to the e-mail or phone.',
});

export const userChangeTargetSendCode = defineEndpoint({
  path: '/api/user/user_change_target_send_code',
  auth: 'session',
  params: z.intersection(channelTarget, z.object({ password: currentPasswordField })),
  data: codeSent,
  summary:
    'Ask for a code at a new e-mail address or phone number for the account, with the current password. An address another account uses gets a notice instead, and the answer is the same.',
});

export const userChangeTarget = defineEndpoint({
  path: '/api/user/user_change_target',
  auth: 'session',
  params: z.intersection(
    channelTarget,
    z.object({ code: verificationCodeField, password: currentPasswordField }),
  ),
  data: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  summary:
    'Make the new e-mail address or phone number the one the account signs in with, with the code sent to it and the current password. A notice goes to the old one.',
});

export const session = z.object({
  id: z.number().int(),
  /** The session making this call. */
  current: z.boolean(),
  /** The protocol `platform` header it signed in with (ios, android, mac, windows). */
  platform: z.string(),
  /** The browser and OS (`Chrome on macOS`) or the app's device model; empty when unknown. */
  client: z.string(),
  /** The address it signed in from; null after the account's data was erased. */
  ip: z.string().nullable(),
  signedInAt: isoDate,
  lastActiveAt: isoDate,
});
export type MemberSession = z.infer<typeof session>;

export const userSessionList = defineEndpoint({
  path: '/api/user/user_session_list',
  auth: 'session',
  data: z.object({ sessions: z.array(session) }),
  summary: 'Every signed-in session of the account, newest activity first, the current one marked.',
});

export const userSessionRevoke = defineEndpoint({
  path: '/api/user/user_session_revoke',
  auth: 'session',
  params: z.union([
    z.object({ sessionId: z.number(String(Errors.BAD_REQUEST.code)).int().positive() }).strict(),
    z.object({ allOthers: z.literal(true, String(Errors.BAD_REQUEST.code)) }).strict(),
  ]),
  data: z.object({ signedOut: z.number().int() }),
  summary: 'Sign one session out (`sessionId`), or every session but this one (`allOthers: true`).',
});

export const userTotpSetup = defineEndpoint({
  path: '/api/user/user_totp_setup',
  auth: 'session',
  data: z.object({
    /** Base32, for typing into the app by hand. */
    secret: z.string(),
    /** `otpauth://totp/...` for the QR code. */
    otpauthUrl: z.string(),
  }),
  summary:
    'A new authenticator secret for turning two-step sign-in on (the last one made counts until enabled).',
});

export const userTotpEnable = defineEndpoint({
  path: '/api/user/user_totp_enable',
  auth: 'session',
  params: z.object({ code: totpCodeField }),
  data: z.object({ recoveryCodes: z.array(z.string()) }),
  summary:
    'Turn two-step sign-in on with a code from the new secret; answers the recovery codes, shown this once.',
});

export const userTotpDisable = defineEndpoint({
  path: '/api/user/user_totp_disable',
  auth: 'session',
  params: z.object({ code: secondFactorField }),
  data: ok,
  summary: "Turn two-step sign-in off with the authenticator's code or a recovery code.",
});
