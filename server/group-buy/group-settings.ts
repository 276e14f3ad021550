/**
 * The operator's group-buy settings (settings key `group_buy`): how long an open group lasts. The
 * on/off switch is the display config's `features.groupBuy`, the one the pages read too.
 */
import { z } from 'zod';
import { endpoints } from '../../contract';
import type { Db } from '../db/database';
import { DISPLAY_CONFIG_KEY, defaultDisplayConfig } from '../settings/default-settings';
import { insertSettingIfMissing, readSetting } from '../settings/settings-store';

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
  const display = await readSetting(
    db,
    DISPLAY_CONFIG_KEY,
    endpoints.systemDisplayConfig.data,
  ).catch(() => defaultDisplayConfig);
  return display.features.groupBuy;
}
