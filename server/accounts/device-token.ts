/**
 * Device tokens (OWASP "Slow down online guessing attacks with device cookies", issue 19 item 3): a
 * browser or app that signed in to an account gets a token naming that account and a random device
 * id, signed with HMAC-SHA-256. It grants nothing by itself; it only lets the next password attempt
 * from that device be judged on the device's own failure count instead of the count that everyone
 * else shares (server/accounts/password-throttle.ts), so an attacker guessing cannot keep the owner
 * out. Stateless, so every process verifies it without a lookup.
 *
 * Format: `<userId>.<device id>.<expiry, unix seconds>.<HMAC>`, all URL-safe.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

/** A token lives this long after the sign-in that issued it; each sign-in issues a fresh one. */
export const DEVICE_TOKEN_TTL_SECONDS = 180 * 24 * 3600;

export interface TrustedDevice {
  readonly userId: number;
  /** Random, names the device's own failure count. */
  readonly deviceId: string;
}

export interface DeviceTokens {
  issue(userId: number): string;
  /** The device of the first valid, unexpired token naming `userId`; forged or foreign ones are ignored. */
  trusted(tokens: readonly string[] | undefined, userId: number): TrustedDevice | undefined;
}

const TOKEN_PATTERN = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * The HMAC key is derived (HKDF) from a platform's RSA private key, which every process of one
 * deployment already shares (DESIGN §2): no new secret to configure or to forget when scaling out.
 * Rotating the RSA keys turns old device tokens into untrusted ones, which costs nothing but trust.
 */
export function deviceTokenKey(privateKey: KeyObject): Buffer {
  const der = privateKey.export({ type: 'pkcs8', format: 'der' });
  return Buffer.from(hkdfSync('sha256', der, 'kestrel', 'device-token:v1', 32));
}

export function createDeviceTokens(key: Buffer, now: () => number = Date.now): DeviceTokens {
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    issue(userId) {
      const deviceId = randomBytes(16).toString('base64url');
      const expires = Math.floor(now() / 1000) + DEVICE_TOKEN_TTL_SECONDS;
      const body = `${userId}.${deviceId}.${expires}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },
    trusted(tokens, userId) {
      for (const token of tokens ?? []) {
        const match = TOKEN_PATTERN.exec(token);
        if (!match) continue;
        const [, owner, deviceId, expires, signature] = match;
        const expected = mac(`${owner}.${deviceId}.${expires}`);
        const given = Buffer.from(signature!, 'base64url');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
        if (Number(owner) !== userId || Number(expires) * 1000 <= now()) continue;
        return { userId, deviceId: deviceId! };
      }
      return undefined;
    },
  };
}
