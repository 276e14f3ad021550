/**
 * The operator's group-buy settings (settings key `group_buy`): how long an open group lasts. The
 * on/off switch is the display config's `features.groupBuy`, the one the pages read too.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database';
import {
  DISPLAY_CONFIG_KEY,
  defaultDisplayConfig,
  readDisplayConfig,
} from '../settings/default-settings';
import { insertSettingIfMissing, readSetting } from '../settings/settings-store';
import { settings } from '../db/schema';

export const GROUP_BUY_SETTINGS_KEY = 'group_buy';
/** The operator may set 1 hour to 30 days. */
export const groupBuySettings = z.object({ hours: z.number().int().min(1).max(720) });
export type GroupBuySettings = z.infer<typeof groupBuySettings>;
export const defaultGroupBuySettings: GroupBuySettings = { hours: 24 };

export async function seedGroupBuySettings(db: Db): Promise<void> {
  await insertSettingIfMissing(db, GROUP_BUY_SETTINGS_KEY, defaultGroupBuySettings);
}

export async function readGroupBuySettings(db: Db): Promise<GroupBuySettings> {
  return readSetting(db, GROUP_BUY_SETTINGS_KEY, groupBuySettings).catch(
    () => defaultGroupBuySettings,
  );
}

/** The display config's switch: off means the page says 'not yet started' and the endpoints refuse. */
export async function groupBuyEnabled(db: Db): Promise<boolean> {
  const display = await readDisplayConfig(db);
  return display.features.groupBuy;
}

/**
 * Turns the switch (`npm run admin -- group-buy enable|disable`). Only `features.groupBuy` changes,
 * in one statement, so an operator's other display settings (or an edit made at the same moment)
 * are kept; a missing row is written from the defaults first.
 */
export async function setGroupBuyEnabled(db: Db, enabled: boolean): Promise<void> {
  await insertSettingIfMissing(db, DISPLAY_CONFIG_KEY, defaultDisplayConfig);
  await db
    .update(settings)
    .set({
      value: sql`jsonb_set(${settings.value}, '{features,groupBuy}', ${JSON.stringify(enabled)}::jsonb, true)`,
      updatedAt: sql`now()`,
    })
    .where(eq(settings.key, DISPLAY_CONFIG_KEY));
}
