/**
 * Time-based one-time passwords (RFC 6238): SHA-1, 6 digits, 30-second steps, one step of clock
 * drift either way, through the `otpauth` package. The staff console's second factor (issue 21) and
 * the members' (issue 22) both use this module; where the last accepted step is kept is the
 * caller's, and `matchTotp` refuses any step at or before it, so a code is good once.
 */
import {
  createCipheriv,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of drift accepted either way of the current one. */
export const TOTP_WINDOW = 1;

/** A new random secret (160 bits, RFC 4226's recommendation), base32 for people and QR codes. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** `otpauth://totp/<issuer>:<label>?secret=...` for an authenticator app's QR code. */
export function totpUri(secret: string, label: string, issuer: string): string {
  return totpOf(secret, label, issuer).toString();
}

/** The time step of a moment (seconds since the epoch / 30). */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step a code belongs to, when it is the code of the current step or one either side and that
 * step is after `lastUsedStep`; null otherwise. The caller stores the step it accepts.
 */
export function matchTotp(
  secret: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null = null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totpStep(nowMs) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}

/** The code of a moment (tests, and the enrolment page's own check). */
export function totpCode(secret: string, nowMs: number): string {
  return totpOf(secret).generate({ timestamp: nowMs });
}

/**
 * TOTP secrets at rest: AES-256-GCM under a key derived from the platform's RSA key (like the
 * device tokens' key, server/accounts/device-token.ts), so a copy of the database alone yields no
 * second factor. Rotating the RSA keys makes stored secrets unreadable: each staff member then
 * needs `staff reset-2fa` (docs/console.md).
 */
export function totpSealingKey(privateKey: KeyObject): Buffer {
  const der = privateKey.export({ type: 'pkcs8', format: 'der' });
  return Buffer.from(hkdfSync('sha256', der, 'kestrel', 'totp-secret:v1', 32));
}

export interface TotpSealer {
  seal(secret: string): string;
  /** The secret, or null when it was sealed under another key or is damaged. */
  open(sealed: string): string | null;
}

export function createTotpSealer(key: Buffer): TotpSealer {
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || !body || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
