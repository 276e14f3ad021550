/**
 * Passkeys (WebAuthn) for members (issue 22, item 4; docs/account-security.md "Passkeys"): add,
 * name and remove them on /user/security, sign in with one from /login without a password, or use
 * one as the second step of a password sign-in. Each ceremony is a pair: the options (a single-use
 * challenge, valid five minutes), then the browser's answer. The server verifies with
 * @simplewebauthn/server; the browser's JSON travels as it is (base64url fields).
 */
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { Errors } from '../errors';
import { currentPasswordField, requiredText } from '../validation';
import { isoDate, ok } from './common';
import { deviceTokensField, signedIn } from './sign-in';

export const PASSKEYS = {
  /** The most passkeys one account may hold. */
  maxPerAccount: 10,
  /** How long a ceremony's challenge is good for, once. */
  challengeSeconds: 300,
  nameMaxLength: 64,
} as const;

const bad = String(Errors.BAD_REQUEST.code);
/** A base64url field of the browser's answer; the largest (an attestation object) stays far below. */
const b64url = (max: number) =>
  z
    .string(bad)
    .max(max, bad)
    .regex(/^[A-Za-z0-9_-]*$/, bad);

export const passkeyNameField = requiredText(Errors.PASSKEY_NAME_INVALID, PASSKEYS.nameMaxLength);

/** What the browser's credential says of itself in both ceremonies, before its `response`. */
const credentialJson = {
  id: b64url(1366).min(1, bad),
  rawId: b64url(1366).min(1, bad),
  type: z.literal('public-key', bad),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], bad).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** `navigator.credentials.create()`'s credential as JSON (RegistrationResponseJSON). */
export const passkeyAttestationField = z.object({
  ...credentialJson,
  response: z.object({
    clientDataJSON: b64url(4096).min(1, bad),
    attestationObject: b64url(16384).min(1, bad),
    authenticatorData: b64url(4096).optional(),
    transports: z.array(z.string(bad).max(32, bad)).max(8, bad).optional(),
    publicKeyAlgorithm: z.number(bad).int().optional(),
    publicKey: b64url(4096).optional(),
  }),
});

/** `navigator.credentials.get()`'s credential as JSON (AuthenticationResponseJSON). */
export const passkeyAssertionField = z.object({
  ...credentialJson,
  response: z.object({
    clientDataJSON: b64url(4096).min(1, bad),
    authenticatorData: b64url(4096).min(1, bad),
    signature: b64url(1024).min(1, bad),
    userHandle: b64url(128).optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionField>;
export type PasskeyAttestation = z.infer<typeof passkeyAttestationField>;

/**
 * The options for `navigator.credentials.create()` / `.get()` as JSON
 * (PublicKeyCredentialCreationOptionsJSON / PublicKeyCredentialRequestOptionsJSON): passed to the
 * browser untouched, so only the challenge is named here.
 */
const ceremonyOptions = z.looseObject({ challenge: z.string() });
/** The answer that starts either ceremony: its options. */
const ceremonyStart = z.object({ options: ceremonyOptions });

export const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: isoDate,
  lastUsedAt: isoDate.nullable(),
  /** The credential is synced by its provider (a phone's or a password manager's passkey). */
  backedUp: z.boolean(),
});
export type MemberPasskey = z.infer<typeof passkey>;

const passkeyIdField = z.number(bad).int(bad).positive(bad);

export const userPasskeyList = defineEndpoint({
  path: '/api/user/user_passkey_list',
  auth: 'session',
  data: z.object({ passkeys: z.array(passkey) }),
  summary: "The account's passkeys, oldest first: name, added, last used.",
});

export const userPasskeyRegisterOptions = defineEndpoint({
  path: '/api/user/user_passkey_register_options',
  auth: 'session',
  params: z.object({ password: currentPasswordField }),
  data: ceremonyStart,
  summary:
    'Start adding a passkey: the current password (throttled; PASSWORD_NOT_SET without one), then the options for `navigator.credentials.create()`, good once for five minutes.',
});

export const userPasskeyRegister = defineEndpoint({
  path: '/api/user/user_passkey_register',
  auth: 'session',
  params: z.object({ credential: passkeyAttestationField, name: passkeyNameField }),
  data: z.object({ passkey }),
  summary:
    'Add the passkey the browser made with the last options, under a name. A notice goes to the e-mail or phone.',
});

export const userPasskeyRename = defineEndpoint({
  path: '/api/user/user_passkey_rename',
  auth: 'session',
  params: z.object({ passkeyId: passkeyIdField, name: passkeyNameField }),
  data: ok,
  summary: "Rename one of the account's passkeys.",
});

export const userPasskeyRemove = defineEndpoint({
  path: '/api/user/user_passkey_remove',
  auth: 'session',
  params: z.object({ passkeyId: passkeyIdField }),
  data: ok,
  summary: "Remove one of the account's passkeys. A notice goes to the e-mail or phone.",
});

export const userPasskeyLoginOptions = defineEndpoint({
  path: '/api/user/user_passkey_login_options',
  auth: 'public',
  data: ceremonyStart,
  summary:
    'The options for `navigator.credentials.get()` (no account named: the passkey says whose it is), good once for five minutes; for `user_passkey_login` and for the `passkey` of `user_login`.',
});

export const userPasskeyLogin = defineEndpoint({
  path: '/api/user/user_passkey_login',
  auth: 'public',
  params: z.object({
    credential: passkeyAssertionField,
    deviceTokens: deviceTokensField.optional(),
  }),
  data: signedIn,
  summary:
    'Sign in with a passkey and no password (it verified the person: no second step is asked). PASSKEY_INVALID for an unknown passkey or a wrong answer, throttled like codes.',
});
