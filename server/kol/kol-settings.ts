/**
 * The operator's settings of the KOL programme, a `settings` row (`kol_config`) checked on read:
 * how long a commission stays pending (the refund window) and the rate a CNY payment converts to
 * US dollars at. Changes apply to commissions booked afterwards; each commission keeps the window's
 * end and the rate it was booked with (docs/kol.md).
 */
import { z } from 'zod';
import type { Db } from '../db/database';
import { insertSettingIfMissing, readSetting } from '../settings/settings-store';
import { settings } from '../db/schema';

export const KOL_CONFIG_KEY = 'kol_config';

export const kolSettingsSchema = z.object({
  /** Days a new commission stays pending; 0 makes it available at once. */
  refundWindowDays: z.number().int().min(0).max(365),
  /** US dollars per Chinese yuan, times 1,000,000. */
  cnyUsdRateMicros: z.number().int().min(1).max(10_000_000),
});
export type KolSettings = z.infer<typeof kolSettingsSchema>;

export const defaultKolSettings: KolSettings = {
  refundWindowDays: 14,
  // About 7.25 CNY to the dollar; the operator sets the rate they settle at.
  cnyUsdRateMicros: 138_000,
};

export async function seedKolSettings(db: Db): Promise<void> {
  await insertSettingIfMissing(db, KOL_CONFIG_KEY, defaultKolSettings);
}

/** The settings row, or the defaults while it is missing (a CLI run before the first start). */
export async function readKolSettings(db: Db): Promise<KolSettings> {
  try {
    return await readSetting(db, KOL_CONFIG_KEY, kolSettingsSchema);
  } catch (error) {
    if (error instanceof Error && error.message.endsWith('is missing')) return defaultKolSettings;
    throw error;
  }
}

export async function writeKolSettings(db: Db, next: KolSettings, now: Date): Promise<void> {
  const value = kolSettingsSchema.parse(next);
  await db
    .insert(settings)
    .values({ key: KOL_CONFIG_KEY, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}

export const DAY_MS = 86_400_000;
