/** What every way of signing in shares: the answer that starts a session and the device tokens. */
import { z } from 'zod';
import { Errors } from '../errors';
import { DEVICE_TOKENS_MAX } from '../protocol';

/** Every login and registration answers with this; the session token is in the `pragma` header. */
export const sessionStarted = z.object({ userId: z.number().int() });

/**
 * A login or registration with a password (or a passkey) also answers a device token: keep it and
 * send it with the next login, which is then judged on this device's own failures (docs/accounts.md).
 */
export const signedIn = sessionStarted.extend({ deviceToken: z.string() });

/**
 * The device tokens a browser or app holds (docs/accounts.md, "Password guessing"): opaque to the
 * client, at most one per account it signed in to, newest first. A forged, expired or foreign one is
 * simply not trusted.
 */
export const deviceTokensField = z
  .array(z.string().regex(/^[A-Za-z0-9._-]{1,200}$/, String(Errors.BAD_REQUEST.code)))
  .max(DEVICE_TOKENS_MAX);
