import { ClientPlatform } from '../../../contract/enums';
import type { ClientConfig } from '../../../contract/endpoints/system';

/** The download page's order when nothing is known about the visitor (SPEC §2). */
export const PLATFORMS: readonly ClientPlatform[] = [
  ClientPlatform.IOS,
  ClientPlatform.ANDROID,
  ClientPlatform.MAC,
  ClientPlatform.WINDOWS,
];

/** Product names: the same in both languages. */
export const PLATFORM_NAMES: Record<ClientPlatform, string> = {
  IOS: 'iPhone / iPad',
  ANDROID: 'Android',
  MAC: 'macOS',
  WINDOWS: 'Windows',
};

/** Anchors on /download (`/download#android`), also used by the tips page. */
export const PLATFORM_ANCHORS: Record<ClientPlatform, string> = {
  IOS: 'ios',
  ANDROID: 'android',
  MAC: 'macos',
  WINDOWS: 'windows',
};

/** The visitor's own platform first, the others in the usual order. */
export function orderedPlatforms(own: ClientPlatform): ClientPlatform[] {
  return [own, ...PLATFORMS.filter((platform) => platform !== own)];
}

/**
 * Where the smart link sends each platform: the App Store on iPhone and iPad, the full APK on
 * Android, the PKG on macOS (it installs without an App Store account of the right region, like the
 * APK) and the installer on Windows.
 */
export function smartLinkTarget(platform: ClientPlatform, config: ClientConfig): string {
  const { downloads } = config;
  switch (platform) {
    case ClientPlatform.IOS:
      return downloads.ios.appStoreUrl;
    case ClientPlatform.ANDROID:
      return downloads.android.apkUrl;
    case ClientPlatform.MAC:
      return downloads.mac.pkgUrl;
    default:
      return downloads.windows.url;
  }
}

export function platformVersion(platform: ClientPlatform, config: ClientConfig): string {
  const { downloads } = config;
  switch (platform) {
    case ClientPlatform.IOS:
      return downloads.ios.version;
    case ClientPlatform.ANDROID:
      return downloads.android.version;
    case ClientPlatform.MAC:
      return downloads.mac.version;
    default:
      return downloads.windows.version;
  }
}

/** The one address to share for every platform's download. */
export const SMART_LINK_PATH = '/download/smart_links';
