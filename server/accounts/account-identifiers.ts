/** How the server reads the identifiers people type: e-mail, phone, username, device id, invite code. */
import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_WEB_DEVICE_ID,
  isPhone,
  isWebDeviceId,
  normaliseEmail,
  normalisePhone,
  type CodeChannel,
} from '../../contract';
import type { Db } from '../db/database';
import { users } from '../db/schema';

export type Identifier =
  | { readonly kind: 'email'; readonly value: string }
  | { readonly kind: 'phone'; readonly value: string }
  | { readonly kind: 'username'; readonly value: string };

/**
 * Usernames never contain '@' and start with a letter, so the three kinds cannot be confused. A phone
 * may be typed with spaces or hyphens (`+86 139 1234 5678`): `isPhone` and `normalisePhone` are the
 * same helpers the registration, reset and code requests use.
 */
export function classifyAccount(account: string): Identifier {
  const trimmed = account.trim();
  if (trimmed.includes('@')) return { kind: 'email', value: normaliseEmail(trimmed) };
  if (isPhone(trimmed)) return { kind: 'phone', value: normalisePhone(trimmed) };
  return { kind: 'username', value: trimmed.toLowerCase() };
}

export function normaliseTarget(channel: CodeChannel, target: string): string {
  return channel === 'email' ? normaliseEmail(target) : normalisePhone(target);
}

/** A live account (not erased) signs in with this e-mail or phone. */
export async function addressInUse(db: Db, channel: CodeChannel, target: string): Promise<boolean> {
  const column = channel === 'email' ? users.email : users.phone;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(column, target), isNull(users.deletedAt)));
  return rows.length > 0;
}

export function identifierCondition(identifier: Identifier): SQL {
  switch (identifier.kind) {
    case 'email':
      return sql`${users.email} = ${identifier.value}`;
    case 'phone':
      return sql`${users.phone} = ${identifier.value}`;
    case 'username':
      return sql`lower(${users.username}) = ${identifier.value}`;
  }
}

/** App device ids: UUIDs, Android ids, hex or base64url strings; never the web placeholder. */
const DEVICE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

export function isUsableDeviceId(deviceId: string | null): deviceId is string {
  return (
    deviceId !== null && deviceId !== DEFAULT_WEB_DEVICE_ID && DEVICE_ID_PATTERN.test(deviceId)
  );
}

/**
 * An app's device id: usable, and not a browser's own id (`web-<uuid>`), which names a browser for
 * the device list but is no device account and no device for the free trial.
 */
export function isAppDeviceId(deviceId: string | null): deviceId is string {
  return isUsableDeviceId(deviceId) && !isWebDeviceId(deviceId);
}

/** Unambiguous characters: an invite code is read aloud and typed from screenshots. */
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const INVITE_LENGTH = 8;

export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_LENGTH; i += 1)
    code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

/** `j***@example.com`: enough for the owner to recognise, useless to a shoulder-surfer. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** `+86138****5678`: country code and prefix, then the last four digits. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  if (phone.length < 9) return `***${phone.slice(-2)}`;
  return `${phone.slice(0, phone.length - 8)}****${phone.slice(-4)}`;
}

/** How an invitee appears to the inviter: recognisable to them, useless to anyone else. */
export function maskInvitee(invitee: {
  id: number;
  username: string | null;
  email: string | null;
  phone: string | null;
}): string {
  if (invitee.username) return `${invitee.username.slice(0, 2)}***`;
  if (invitee.email) return maskEmail(invitee.email) ?? '***';
  if (invitee.phone) return maskPhone(invitee.phone) ?? '***';
  const id = String(invitee.id);
  return `#${id.slice(0, Math.max(1, id.length - 3))}***`;
}
