/**
 * Devices (SPEC §3, §6): every login or registration records the device it came from, and a new app
 * device beyond the plan's limit is refused before any session exists. Browsers never count: each
 * browser with its own id (`web-<uuid>`, made once by the SPA) is a row of its own, named from its
 * User-Agent; a caller with the default web id or no usable id shares one legacy web row. A user at
 * the limit can therefore always sign in on the website to free a seat. docs/account-area.md.
 */
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { deviceTypeOf } from '../../contract/account-area';
import { DEFAULT_WEB_DEVICE_ID, isWebDeviceId } from '../../contract';
import { isUsableDeviceId } from '../accounts/account-identifiers';
import type { DeviceOrigin } from '../accounts/account-lifecycle';
import { deviceLimitOf, type LockedUser } from '../accounts/device-limit';
import { rowsOf, type Db } from '../db/database';
import { devices, sessions } from '../db/schema';
import { fail } from '../protocol/api-error';
import { describeBrowser } from '../identity/browser-description';

export interface DescribedDevice {
  readonly deviceId: string;
  readonly isWeb: boolean;
  readonly deviceType: 0 | 1;
  readonly os: string;
  readonly osVersion: string;
  readonly deviceName: string;
}

const OS_NAMES: Record<string, string> = {
  ios: 'iOS',
  android: 'Android',
  mac: 'macOS',
  windows: 'Windows',
};

/** Printable, at most 64 characters: header values are the client's word, not trusted text. */
function clean(value: string | null | undefined): string {
  const printable = [...(value ?? '')].filter((ch) => ch >= ' ' && ch !== '\u007f').join('');
  return printable.trim().slice(0, 64);
}

/** The id under which a `deviceId` header is listed: its own, or the shared web row's. */
export function listedDeviceId(deviceId: string | null): string {
  return isUsableDeviceId(deviceId) ? deviceId : DEFAULT_WEB_DEVICE_ID;
}

/** The listed id of the device a session was opened on: "This device" on /user/device. */
export async function deviceOfSession(db: Db, sessionId: number): Promise<string> {
  const [row] = await db
    .select({ deviceId: sessions.deviceId })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return listedDeviceId(row?.deviceId ?? null);
}

/** The device a request comes from, as it will be listed. */
export function describeDevice(origin: DeviceOrigin): DescribedDevice {
  if (isUsableDeviceId(origin.deviceId) && !isWebDeviceId(origin.deviceId)) {
    const os = OS_NAMES[origin.platform] ?? 'Windows';
    return {
      deviceId: origin.deviceId,
      isWeb: false,
      deviceType: deviceTypeOf(origin.platform),
      os,
      osVersion: clean(origin.osVersion) || describeBrowser(origin.userAgent).osVersion,
      deviceName: clean(origin.model) || os,
    };
  }
  // A browser: what it is comes from its User-Agent, which the SPA cannot set (the platform header
  // says `windows` for Linux, SPEC §3).
  const browser = describeBrowser(origin.userAgent);
  return {
    deviceId: listedDeviceId(origin.deviceId),
    isWeb: true,
    deviceType: browser.deviceType,
    os: clean(browser.os || OS_NAMES[origin.platform] || ''),
    osVersion: clean(browser.osVersion),
    deviceName: clean(browser.browser),
  };
}

/**
 * Records the device for the user, or refuses it with DEVICE_LIMIT_REACHED ({ limit }) when it is a
 * new app device and the limit is taken. The user row lock serialises the count and the insert, so
 * parallel logins from new devices cannot all squeeze into the last seat.
 */
export async function admitDevice(db: Db, userId: number, origin: DeviceOrigin): Promise<void> {
  const device = describeDevice(origin);
  await db.transaction(async (tx) => {
    const locked = rowsOf<LockedUser>(
      await tx.execute(
        sql`SELECT expire_time, device_limit FROM users WHERE id = ${userId} FOR UPDATE`,
      ),
    )[0];
    if (!locked) throw fail('UNAUTHORIZED');
    const details = {
      deviceType: device.deviceType,
      os: device.os,
      osVersion: device.osVersion,
      deviceName: device.deviceName,
      lastSeenAt: sql`now()`,
    };
    const updated = await tx
      .update(devices)
      .set(details)
      .where(and(eq(devices.userId, userId), eq(devices.deviceId, device.deviceId)))
      .returning({ id: devices.id });
    if (updated.length > 0) return;
    if (!device.isWeb) {
      const limit = deviceLimitOf(locked, new Date());
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(devices)
        .where(and(eq(devices.userId, userId), eq(devices.isWeb, false)));
      if ((row?.n ?? 0) >= limit) throw fail('DEVICE_LIMIT_REACHED', { limit });
    }
    await tx
      .insert(devices)
      .values({ userId, deviceId: device.deviceId, isWeb: device.isWeb, ...details });
  });
}

export async function listDevices(db: Db, userId: number) {
  return db
    .select()
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(asc(devices.isWeb), desc(devices.lastSeenAt), desc(devices.id));
}

/**
 * Removes a device and ends its sessions: those opened with its id, so removing one browser signs
 * out that browser only; for the legacy shared web row, the sessions without a device id of their
 * own. Returns false when the device is not the user's.
 */
export async function unbindDevice(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(devices)
      .where(and(eq(devices.id, id), eq(devices.userId, userId)))
      .returning();
    if (!removed) return false;
    const ofDevice =
      removed.deviceId === DEFAULT_WEB_DEVICE_ID
        ? or(isNull(sessions.deviceId), eq(sessions.deviceId, DEFAULT_WEB_DEVICE_ID))
        : eq(sessions.deviceId, removed.deviceId);
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ofDevice));
    return true;
  });
}
