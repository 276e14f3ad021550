import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { ClientPlatform } from '../../../contract/enums';
import type { ClientConfig } from '../../../contract/endpoints/system';
import { DownloadLink } from './download-link';

/**
 * What every platform's card holds under its heading, in this order: the download buttons, a
 * warning when the platform needs one, the numbered steps and a closing note.
 */
function Guide({
  downloads,
  tip,
  steps,
  note,
}: {
  /** The download buttons; the first, the platform's main download, is the primary one. */
  downloads: readonly { href: string | undefined; label: ReactNode }[];
  tip?: ReactNode;
  /** The steps' `<li>` items. */
  steps: ReactNode;
  note?: ReactNode;
}) {
  return (
    <>
      <div className="download-actions">
        {downloads.map(({ href, label }, index) => (
          <DownloadLink key={index} href={href} primary={index === 0}>
            {label}
          </DownloadLink>
        ))}
      </div>
      {tip}
      <h3 className="download-subtitle">
        <Trans>Step by step</Trans>
      </h3>
      <ol className="download-steps">{steps}</ol>
      {note && <p className="download-note">{note}</p>}
    </>
  );
}

/** How to get the app onto one platform: its downloads (once the config is known) and the steps. */
export function PlatformGuide({
  platform,
  config,
}: {
  platform: ClientPlatform;
  config?: ClientConfig;
}) {
  const d = config?.downloads;
  switch (platform) {
    case ClientPlatform.IOS:
      return (
        <Guide
          downloads={[{ href: d?.ios.appStoreUrl, label: <Trans>Get it on the App Store</Trans> }]}
          steps={
            <>
              <li>
                <Trans>Tap "Get it on the App Store" and install Kestrel VPN.</Trans>
              </li>
              <li>
                <Trans>Open the app and log in with your Kestrel VPN account.</Trans>
              </li>
              <li>
                <Trans>
                  When iOS asks to add a VPN configuration, tap Allow and confirm with Face ID,
                  Touch ID or your passcode.
                </Trans>
              </li>
              <li>
                <Trans>Tap Connect. The VPN icon in the status bar shows you are protected.</Trans>
              </li>
            </>
          }
          note={
            <Trans>
              Not available in your App Store region?{' '}
              <Link to="/apple-help">Install it with an overseas Apple ID</Link>.
            </Trans>
          }
        />
      );
    case ClientPlatform.ANDROID:
      return (
        <Guide
          downloads={[
            { href: d?.android.apkUrl, label: <Trans>Download the APK</Trans> },
            { href: d?.android.adFreeApkUrl, label: <Trans>Ad-free APK</Trans> },
          ]}
          tip={
            <div className="download-tip" role="note">
              <strong>
                <Trans>Xiaomi, Redmi and POCO phones</Trans>
              </strong>
              <p>
                <Trans>
                  Disconnect from the network (Wi-Fi and mobile data) while you install the full
                  package, or the system's security scan blocks it. The ad-free package installs
                  without disconnecting.
                </Trans>
              </p>
            </div>
          }
          steps={
            <>
              <li>
                <Trans>
                  Download the APK and open it from your notifications or the Downloads folder.
                </Trans>
              </li>
              <li>
                <Trans>
                  If Android asks, allow your browser to install unknown apps, then tap Install.
                </Trans>
              </li>
              <li>
                <Trans>Open Kestrel VPN, log in and accept the VPN connection request.</Trans>
              </li>
            </>
          }
        />
      );
    case ClientPlatform.MAC:
      return (
        <Guide
          downloads={[
            { href: d?.mac.appStoreUrl, label: <Trans>Mac App Store</Trans> },
            { href: d?.mac.pkgUrl, label: <Trans>Download the PKG</Trans> },
          ]}
          steps={
            <>
              <li>
                <Trans>
                  Install from the Mac App Store, or open the PKG and follow the installer.
                </Trans>
              </li>
              <li>
                <Trans>Open Kestrel VPN from Applications and log in.</Trans>
              </li>
              <li>
                <Trans>Allow the VPN configuration when macOS asks, then click Connect.</Trans>
              </li>
            </>
          }
          note={<Trans>Apple silicon and Intel Macs, macOS 11 Big Sur or later.</Trans>}
        />
      );
    default:
      return (
        <Guide
          downloads={[{ href: d?.windows.url, label: <Trans>Download for Windows</Trans> }]}
          steps={
            <>
              <li>
                <Trans>
                  Run the installer. If SmartScreen warns you, choose More info, then Run anyway.
                </Trans>
              </li>
              <li>
                <Trans>Open Kestrel VPN from the Start menu and log in.</Trans>
              </li>
              <li>
                <Trans>Click Connect. Windows 10 and 11, 64-bit.</Trans>
              </li>
            </>
          }
        />
      );
  }
}
