/**
 * First-start settings: the defaults are written whenever missing (the configs cannot be served
 * without them). Idempotent: running it again changes nothing.
 */
import type { Db } from '../db/database';
import {
  CLIENT_CONFIG_KEY,
  DISPLAY_CONFIG_KEY,
  defaultClientConfig,
  defaultDisplayConfig,
} from './default-settings';
import { insertSettingIfMissing } from './settings-store';

export async function seedSettings(db: Db): Promise<void> {
  await insertSettingIfMissing(db, CLIENT_CONFIG_KEY, defaultClientConfig);
  await insertSettingIfMissing(db, DISPLAY_CONFIG_KEY, defaultDisplayConfig);
}
