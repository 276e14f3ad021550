/**
 * Signature helpers shared by the gateways: canonical parameter strings, HMAC-SHA256 and MD5 hex
 * (the constant-time comparison is server/identity/safe-equal.ts).
 */
import { createHash, createHmac } from 'node:crypto';

export type Params = Readonly<Record<string, string>>;

/**
 * `k1=v1&k2=v2...` over the non-empty parameters except the excluded ones, keys sorted by code
 * point (ASCII order, as the EPay protocol and the sandbox sign them).
 */
export function canonicalString(
  params: Params,
  exclude: readonly string[] = ['sign', 'sign_type'],
): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export const hmacSha256Hex = (secret: string, message: string): string =>
  createHmac('sha256', secret).update(message, 'utf8').digest('hex');

export const md5Hex = (message: string): string =>
  createHash('md5').update(message, 'utf8').digest('hex');

/** Minor units -> a yuan/dollar string with two decimals ('12.30'); integers only. */
export function toMajorString(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`not an amount: ${minor}`);
  const units = Math.floor(minor / 100);
  const cents = minor % 100;
  return `${units}.${cents.toString().padStart(2, '0')}`;
}

/** '12.3' / '12.30' / '12' -> 1230; anything else (negative, 3 decimals, exponent) -> undefined. */
export function parseMajorString(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
