import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint';
import { CodeChannel, CodePurpose } from '../enums';
import { Errors } from '../errors';
import {
  accountField,
  currentPasswordField,
  emailField,
  inviteCodeField,
  passwordField,
  secondFactorField,
  signupSourceField,
  totpCodeField,
  phoneField,
  usernameField,
  verificationCodeField,
} from '../validation';
import { isoDate, ok } from './common';
import { passkeyAssertionField } from './passkeys';
import { deviceTokensField, sessionStarted, signedIn } from './sign-in';

export { sessionStarted };

/** An e-mail address or a phone number, by its channel. */
export const channelTarget = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal(CodeChannel.EMAIL), target: emailField }),
  z.object({ channel: z.literal(CodeChannel.PHONE), target: phoneField }),
]);

export const userLogin = defineEndpoint({
  path: '/api/user/user_login',
  auth: 'public',
  params: z.object({
    account: accountField,
    password: currentPasswordField,
    deviceTokens: deviceTokensField.optional(),
    /** With two-step sign-in on: the authenticator's code (TOTP_REQUIRED answers its absence). */
    totpCode: totpCodeField.optional(),
    /** Instead of `totpCode`: one of the recovery codes, good once. */
    recoveryCode: secondFactorField.optional(),
    /** Instead of a code: a passkey's answer to `user_passkey_login_options` (docs/account-security.md). */
    passkey: passkeyAssertionField.optional(),
  }),
  data: signedIn,
  summary:
    'Log in by username, e-mail or phone with the password, and with two-step sign-in on, `totpCode`, `recoveryCode` or a `passkey` assertion (TOTP_REQUIRED when none came; its data says `passkey: true` when the member has one). `deviceTokens`: the tokens earlier logins gave this device.',
});

export const registerTypeUsername = defineEndpoint({
  path: '/api/user/register_type_username',
  auth: 'public',
  params: z.object({
    username: usernameField,
    password: passwordField,
    inviteCode: inviteCodeField.optional(),
    source: signupSourceField.optional(),
  }),
  data: signedIn,
  summary: 'Register with a username and a password.',
});

export const registerTypeNormal = defineEndpoint({
  path: '/api/user/register_type_normal',
  auth: 'public',
  params: z.intersection(
    channelTarget,
    z.object({
      code: verificationCodeField,
      password: passwordField,
      inviteCode: inviteCodeField.optional(),
      source: signupSourceField.optional(),
    }),
  ),
  data: signedIn,
  summary: 'Register with an e-mail address or phone number, its verification code and a password.',
});

export const registerTypeDeviceid = defineEndpoint({
  path: '/api/user/register_type_deviceid',
  auth: 'public',
  params: z.object({
    inviteCode: inviteCodeField.optional(),
    source: signupSourceField.optional(),
  }),
  data: sessionStarted,
  summary:
    'The apps: register (or log back in) the device in the deviceId header as a password-less account.',
});

/** The answer of a code request: what the SPA counts down, the same whether a code or a notice went. */
export const codeSent = z.object({
  /** Seconds before another code may be requested; drives the SPA countdown. */
  cooldownSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
});

export const userSendCode = defineEndpoint({
  path: '/api/user/user_send_code',
  auth: 'public',
  params: z.intersection(
    channelTarget,
    z.object({ purpose: z.enum([CodePurpose.REGISTER, CodePurpose.RESET_PASSWORD]) }),
  ),
  data: codeSent,
  summary: 'Send a 6-digit verification code by e-mail or SMS.',
});

export const userResetPassword = defineEndpoint({
  path: '/api/user/user_reset_password',
  auth: 'public',
  params: z.intersection(
    channelTarget,
    z.object({ code: verificationCodeField, password: passwordField }),
  ),
  data: ok,
  summary: 'Set a new password with a code sent to the e-mail or phone; ends every session.',
});

export const userLogout = defineEndpoint({
  path: '/api/user/user_logout',
  auth: 'session',
  data: ok,
  summary: 'End the current session.',
});

export const userDeleteAccount = defineEndpoint({
  path: '/api/user/user_delete_account',
  auth: 'session',
  params: z.object({
    /** Must be true: deletion is permanent. */
    confirm: z.literal(true, String(Errors.DELETE_CONFIRMATION_REQUIRED.code)),
    /** Required when the account has a password. */
    password: currentPasswordField.optional(),
  }),
  data: ok,
  summary:
    'Delete the account permanently: sessions revoked, personal data erased, orders kept anonymised.',
});

export const device = z.object({
  id: z.number().int(),
  deviceType: z.union([z.literal(0), z.literal(1)]),
  deviceId: z.string(),
  os: z.string(),
  osVersion: z.string(),
  deviceName: z.string(),
  lastSeenAt: isoDate,
  /** The caller's own device (its deviceId header). */
  current: z.boolean(),
  /** The web browser: listed, never counted against the limit, never locked out. */
  web: z.boolean(),
});

export const userGetDeviceList = defineEndpoint({
  path: '/api/user/user_get_device_list',
  auth: 'session',
  data: z.object({
    devices: z.array(device),
    /** App devices allowed at once: the plan's, or 1 without an active membership. */
    maxDevices: z.number().int(),
  }),
  summary: "The user's devices and the plan's device limit.",
});

export const userUnbindDevice = defineEndpoint({
  path: '/api/user/user_unbind_device',
  auth: 'session',
  params: z.object({ id: z.number().int() }),
  data: ok,
  summary: 'Remove a device and end its sessions.',
});
