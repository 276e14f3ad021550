/**
 * What system_client_config and system_display_config serve until an operator changes the settings
 * rows. Written to the settings table on start when the row is missing, never over an edited one.
 */
import type { ClientConfig, DisplayConfig } from '../../contract';
import { CODE, endpoints } from '../../contract';
import type { Db } from '../db/database';
import { readSetting } from './settings-store';

export const CLIENT_CONFIG_KEY = 'client_config';
export const DISPLAY_CONFIG_KEY = 'display_config';

export const defaultClientConfig: ClientConfig = {
  downloads: {
    ios: { appStoreUrl: 'https://apps.apple.com/app/kestrel-vpn/id6480000001', version: '4.2.1' },
    android: {
      apkUrl: 'https://download.kestrel.example/android/kestrel-vpn-4.2.0.apk',
      adFreeApkUrl: 'https://download.kestrel.example/android/kestrel-vpn-4.2.0-adfree.apk',
      version: '4.2.0',
    },
    mac: {
      appStoreUrl: 'https://apps.apple.com/app/kestrel-vpn/id6480000002',
      pkgUrl: 'https://download.kestrel.example/mac/KestrelVPN-4.1.3.pkg',
      version: '4.1.3',
    },
    windows: {
      url: 'https://download.kestrel.example/windows/KestrelVPN-Setup-4.1.5.exe',
      version: '4.1.5',
    },
  },
};

export const defaultDisplayConfig: DisplayConfig = {
  // Crypto stays off until an operator has a chain and a receiving wallet to switch it on with:
  // /pricing offers only what can take a payment (docs/store.md).
  features: { groupBuy: true, cryptoPay: false },
  supportWidget: { host: 'kestrel.example', scriptUrl: 'https://chat.kestrel.example/widget.js' },
  trialMinutes: 15,
  inviteTrialMinutes: 180,
  inviteBonusPercent: 10,
  liteToStandardPercent: 50,
  codeCooldownSeconds: CODE.resendCooldownSeconds,
  links: {
    more: [
      { key: 'blog', href: 'https://blog.kestrel.example' },
      { key: 'status', href: 'https://status.kestrel.example' },
      { key: 'github', href: 'https://github.com/kestrel-vpn/mirrors' },
    ],
    help: [
      { key: 'faq', href: '/faq' },
      { key: 'announcements', href: 'https://blog.kestrel.example/announcements' },
      { key: 'studentDiscount', href: 'https://blog.kestrel.example/student-discount' },
      { key: 'plans', href: '/pricing' },
    ],
    affiliateContact: 'https://t.me/kestrel_affiliate',
    supportEmail: 'support@kestrel.example',
  },
};

/** The stored display config; fails when its row is missing or fails the schema. */
export function storedDisplayConfig(db: Db): Promise<DisplayConfig> {
  return readSetting(db, DISPLAY_CONFIG_KEY, endpoints.systemDisplayConfig.data);
}

/** The stored display config, or the default when its row is missing or fails the schema. */
export function readDisplayConfig(db: Db): Promise<DisplayConfig> {
  return storedDisplayConfig(db).catch(() => defaultDisplayConfig);
}
