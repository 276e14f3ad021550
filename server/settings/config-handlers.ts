/** system_client_config and system_display_config: the settings rows, checked against the contract. */
import { CODE, endpoints } from '../../contract';
import type { Db } from '../db/database';
import type { Handlers } from '../protocol/api-context';
import { CLIENT_CONFIG_KEY, DISPLAY_CONFIG_KEY } from './default-settings';
import { readSetting } from './settings-store';

export function createConfigHandlers(db: Db): Handlers {
  return {
    systemClientConfig: () => readSetting(db, CLIENT_CONFIG_KEY, endpoints.systemClientConfig.data),
    async systemDisplayConfig() {
      const config = await readSetting(db, DISPLAY_CONFIG_KEY, endpoints.systemDisplayConfig.data);
      // One number drives both the server's cooldown and the SPA's countdown; it is not a setting.
      return { ...config, codeCooldownSeconds: CODE.resendCooldownSeconds };
    },
  };
}
