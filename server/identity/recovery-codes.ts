/**
 * Recovery codes for a lost authenticator: the staff's (server/console/staff-auth.ts) and the
 * members' (server/accounts/two-step.ts). Shown once, stored as SHA-256 only; each one is spent by a
 * conditional update, so of two requests with one code exactly one gets in.
 */
import { hash, randomBytes } from 'node:crypto';

/** `xxxx-xxxx-xxxx-xxxx`: 80 random bits in lowercase base32 (no 0/1/8/9 to misread). */
export function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % 32]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** A recovery code as typed: case, spaces and hyphens do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** What is stored for a code: the SHA-256 of its normalised form. */
export function recoveryCodeHash(code: string): string {
  return hash('sha256', normaliseRecoveryCode(code), 'hex');
}
