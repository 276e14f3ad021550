/** Shortcuts for suites that need a logged-in user. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { ApiClient } from './api-client';

export const PASSWORD = 'correct-horse-42';

export function uniqueName(prefix = 'user'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export function uniqueEmail(prefix = 'someone'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@mail.example`;
}

let ipCounter = randomBytes(3).readUIntBE(0, 3);
/**
 * An address no other account of this process signs up from (10.0.0.0/8), for suites where a
 * shared address means something (the KOL self-referral review, docs/kol.md).
 */
export function uniqueIp(): string {
  ipCounter = (ipCounter + 1) % 0xffffff || 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * The calls a signed-in member makes to `/api/user/<path>` (in English unless told), each from an
 * address of its own, so that no per-address limit joins two calls of a suite; `t.api` is read at
 * each call, so the function can be made before the app has started.
 */
export function memberCalls(t: { readonly api: ApiClient }) {
  return <T = Record<string, unknown>>(
    path: string,
    token: string,
    params: Record<string, unknown> = {},
    language: 'en' | 'zh_CN' = 'en',
  ) => t.api.call<T>(`/api/user/${path}`, params, { token, language, ip: uniqueIp() });
}

export interface Registered {
  readonly userId: number;
  readonly token: string;
  readonly username: string;
}

export async function registerByUsername(
  api: ApiClient,
  username = uniqueName(),
  options: { ip?: string } = {},
): Promise<Registered> {
  const { body, headers } = await api.call<{ userId: number }>(
    '/api/user/register_type_username',
    { username, password: PASSWORD },
    options.ip ? { ip: options.ip } : {},
  );
  expect(body.code, body.msg).toBe(200);
  expect(headers.pragma).toBeTypeOf('string');
  return { userId: body.data.userId, token: String(headers.pragma), username };
}

/** Asks for a code by e-mail, as the register and reset forms do. */
export function sendEmailCode<T = unknown>(api: ApiClient, target: string, purpose = 'register') {
  return api.call<T>('/api/user/user_send_code', { channel: 'email', target, purpose });
}

export async function registerByEmail(
  api: ApiClient,
  email = uniqueEmail(),
): Promise<Registered & { email: string }> {
  const sent = await sendEmailCode(api, email);
  expect(sent.body.code, sent.body.msg).toBe(200);
  const code = await api.latestCode(email);
  const { body, headers } = await api.call<{ userId: number }>('/api/user/register_type_normal', {
    channel: 'email',
    target: email,
    code,
    password: PASSWORD,
  });
  expect(body.code, body.msg).toBe(200);
  return { userId: body.data.userId, token: String(headers.pragma), username: '', email };
}
