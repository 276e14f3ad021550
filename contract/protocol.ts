/** The wire protocol of DESIGN §2, as constants both sides import. */

/** The `code` of a successful response envelope. */
export const SUCCESS_CODE = 200;

export const API_VERSION_PREFIX = '/v4';
/** DEV and TEST builds of the SPA call this prefix; the server answers both. */
export const API_TEST_PREFIX = '/v4/test';

export const NONCE_LENGTH = 8;
export const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A signature's timestamp must lie within this many seconds of the server's clock. */
export const SIGNATURE_WINDOW_SECONDS = 300;

export const HEADER = {
  authorization: 'authorization',
  platform: 'platform',
  language: 'language',
  deviceId: 'deviceid',
  /** A fresh session token comes back in this response header. */
  pragma: 'pragma',
} as const;

/** The pragma token of these calls is kept as the register token (sessionStorage), SPEC §4. */
export const REGISTER_TYPE_PATHS = [
  '/api/user/register_type_normal',
  '/api/user/register_type_username',
  '/api/user/register_type_deviceid',
] as const;

/** A 401 from these calls does not redirect to /login: they are the login itself. */
export const LOGIN_TYPE_PATHS = [
  '/api/user/user_login',
  ...REGISTER_TYPE_PATHS,
  '/api/user/user_send_code',
  '/api/user/user_reset_password',
] as const;

/** Device tokens a client keeps and sends with a login: one per account, the newest few. */
export const DEVICE_TOKENS_MAX = 5;

export const STORAGE_KEYS = {
  token: 'token',
  registerToken: 'registerToken',
  language: 'language',
  registerSource: 'registerSource',
  deviceId: 'deviceId',
  /** The device tokens of earlier logins (JSON array of { userId, token }), docs/accounts.md. */
  deviceTokens: 'deviceTokens',
  model: 'model',
  appVersion: 'appVersion',
} as const;

export const COOKIE = {
  token: 'token',
  tokenDays: 30,
  /** The chosen UI language, mirrored from localStorage so the server prerenders in it. */
  language: 'language',
  languageDays: 365,
  otherDays: 7,
} as const;

/**
 * What the apps say about the device on login and registration (docs/account-area.md); the web sends
 * none of them and is described from its User-Agent. Values are cut to 64 characters.
 */
export const DEVICE_HEADERS = {
  /** Device name or model, e.g. `iPhone 15 Pro` (the app's `model` storage key). */
  model: 'model',
  osVersion: 'osversion',
} as const;

/** The web client's device id when the browser has none of its own (SPEC §3). */
export const DEFAULT_WEB_DEVICE_ID = 'web-00000000-0000-4000-8000-000000000000';

/**
 * A browser's own device id: `web-` and a random UUID v4, made once by the SPA and kept in
 * localStorage (SPEC §3 "device ID"), so each browser is a device of its own (docs/account-area.md).
 */
const WEB_DEVICE_ID_PATTERN =
  /^web-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isWebDeviceId(deviceId: string | null | undefined): deviceId is string {
  return (
    typeof deviceId === 'string' &&
    deviceId !== DEFAULT_WEB_DEVICE_ID &&
    WEB_DEVICE_ID_PATTERN.test(deviceId)
  );
}

/** A fresh browser device id from 122 random bits (`getRandomValues` works on plain http too). */
export function newWebDeviceId(random: (bytes: Uint8Array) => Uint8Array): string {
  const bytes = random(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `web-${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const REQUEST_TIMEOUT_MS = 10_000;
export const MAX_BODY_BYTES = 16 * 1024;

/** Verification codes (issue 2): shared by the server and the SPA countdown. */
export const CODE = {
  length: 6,
  ttlSeconds: 600,
  maxAttempts: 5,
  resendCooldownSeconds: 60,
} as const;

export const PASSWORD = { minLength: 8, maxLength: 128 } as const;
