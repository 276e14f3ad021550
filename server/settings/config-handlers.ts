/**
 * system_client_config, system_display_config and system_affiliate: the settings rows, checked
 * against the contract; system_page_text: the FAQ's or a clause's replacement text, if any.
 */
import { CODE, endpoints } from '../../contract';
import type { Db } from '../db/database';
import type { Handlers } from '../protocol/api-context';
import { CLIENT_CONFIG_KEY, storedDisplayConfig } from './default-settings';
import { readSetting } from './settings-store';
import { readPageReplacement } from './page-texts';

export function createConfigHandlers(db: Db): Handlers {
  return {
    systemClientConfig: () => readSetting(db, CLIENT_CONFIG_KEY, endpoints.systemClientConfig.data),
    async systemDisplayConfig() {
      const config = await storedDisplayConfig(db);
      // One number drives both the server's cooldown and the SPA's countdown; it is not a setting.
      return { ...config, codeCooldownSeconds: CODE.resendCooldownSeconds };
    },
    /** The affiliate page's messaging-app contact: the display config's `links.affiliateContact`. */
    async systemAffiliate() {
      const config = await storedDisplayConfig(db);
      return { contactUrl: config.links.affiliateContact };
    },
    systemPageText: async (params) => ({ replacement: await readPageReplacement(db, params.page) }),
  };
}
