import { useMemo, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ClientPlatform } from '../../../contract/enums';
import type { ClientConfig } from '../../../contract/endpoints/system';
import { clientConfigQuery } from '../../lib/queries/catalog';
import { currentVisitorSystem } from '../../lib/platform';
import type { VisitorSystem } from '../../../contract/platform';
import { PlatformIcon } from './platform-icon';
import {
  PLATFORMS,
  PLATFORM_ANCHORS,
  PLATFORM_NAMES,
  orderedPlatforms,
  platformVersion,
} from './platforms';
import './download.css';

/** A download button; until the config arrives it holds its place without a link. */
function DownloadLink({
  href,
  children,
  primary = false,
}: {
  href: string | undefined;
  children: ReactNode;
  primary?: boolean;
}) {
  const className = `btn ${primary ? 'btn-primary' : 'btn-secondary'} download-button`;
  if (!href)
    return (
      <span className={`${className} is-pending`} aria-disabled="true">
        {children}
      </span>
    );
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function Steps({ children }: { children: ReactNode }) {
  return <ol className="download-steps">{children}</ol>;
}

function PlatformBody({ platform, config }: { platform: ClientPlatform; config?: ClientConfig }) {
  const d = config?.downloads;
  switch (platform) {
    case ClientPlatform.IOS:
      return (
        <>
          <div className="download-actions">
            <DownloadLink href={d?.ios.appStoreUrl} primary>
              <Trans>Get it on the App Store</Trans>
            </DownloadLink>
          </div>
          <h3 className="download-subtitle">
            <Trans>Step by step</Trans>
          </h3>
          <Steps>
            <li>
              <Trans>Tap "Get it on the App Store" and install Kestrel VPN.</Trans>
            </li>
            <li>
              <Trans>Open the app and log in with your Kestrel VPN account.</Trans>
            </li>
            <li>
              <Trans>
                When iOS asks to add a VPN configuration, tap Allow and confirm with Face ID, Touch
                ID or your passcode.
              </Trans>
            </li>
            <li>
              <Trans>Tap Connect. The VPN icon in the status bar shows you are protected.</Trans>
            </li>
          </Steps>
          <p className="download-note">
            <Trans>
              Not available in your App Store region?{' '}
              <Link to="/apple-help">Install it with an overseas Apple ID</Link>.
            </Trans>
          </p>
        </>
      );
    case ClientPlatform.ANDROID:
      return (
        <>
          <div className="download-actions">
            <DownloadLink href={d?.android.apkUrl} primary>
              <Trans>Download the APK</Trans>
            </DownloadLink>
            <DownloadLink href={d?.android.adFreeApkUrl}>
              <Trans>Ad-free APK</Trans>
            </DownloadLink>
          </div>
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
          <h3 className="download-subtitle">
            <Trans>Step by step</Trans>
          </h3>
          <Steps>
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
          </Steps>
        </>
      );
    case ClientPlatform.MAC:
      return (
        <>
          <div className="download-actions">
            <DownloadLink href={d?.mac.appStoreUrl} primary>
              <Trans>Mac App Store</Trans>
            </DownloadLink>
            <DownloadLink href={d?.mac.pkgUrl}>
              <Trans>Download the PKG</Trans>
            </DownloadLink>
          </div>
          <h3 className="download-subtitle">
            <Trans>Step by step</Trans>
          </h3>
          <Steps>
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
          </Steps>
          <p className="download-note">
            <Trans>Apple silicon and Intel Macs, macOS 11 Big Sur or later.</Trans>
          </p>
        </>
      );
    default:
      return (
        <>
          <div className="download-actions">
            <DownloadLink href={d?.windows.url} primary>
              <Trans>Download for Windows</Trans>
            </DownloadLink>
          </div>
          <h3 className="download-subtitle">
            <Trans>Step by step</Trans>
          </h3>
          <Steps>
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
          </Steps>
        </>
      );
  }
}

/**
 * Why the list is in this order: the visitor's own platform first, said only when it is theirs.
 * Linux has no app (SPEC §1 names four platforms): it is pointed to a third-party client instead.
 */
function Lead({ system }: { system: VisitorSystem }) {
  if (system === 'LINUX')
    return (
      <Trans>
        One account on all your devices. There is no Kestrel VPN app for Linux: on Linux, import
        your subscription into a third-party client such as Clash or sing-box from the{' '}
        <Link to="/user/third-party-client">Third-party client</Link> page of your personal centre.
      </Trans>
    );
  if (system === 'OTHER')
    return (
      <Trans>One account on all your devices: iPhone and iPad, Android, macOS and Windows.</Trans>
    );
  const own = PLATFORM_NAMES[system];
  return (
    <Trans>
      One account on all your devices. We put {own} first because that is what you are using.
    </Trans>
  );
}

export default function DownloadPage() {
  const { t } = useLingui();
  const system = useMemo(() => currentVisitorSystem(), []);
  const own = system === 'LINUX' || system === 'OTHER' ? null : system;
  const platforms = useMemo(() => (own ? orderedPlatforms(own) : [...PLATFORMS]), [own]);
  const { data: config, isError, refetch } = useQuery(clientConfigQuery());

  return (
    <main className="page download-page">
      <div className="container">
        <h1 className="page-title">
          <Trans>Download Kestrel VPN</Trans>
        </h1>
        <p className="lead">
          <Lead system={system} />
        </p>
        <nav className="download-jump" aria-label={t`Platforms`}>
          {platforms.map((platform) => (
            <a
              key={platform}
              href={`#${PLATFORM_ANCHORS[platform]}`}
              className="download-jump__link"
            >
              <PlatformIcon platform={platform} />
              {PLATFORM_NAMES[platform]}
            </a>
          ))}
        </nav>
        {isError && (
          <p className="download-error" role="alert">
            <Trans>The download links could not be loaded.</Trans>{' '}
            <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
              <Trans>Try again</Trans>
            </button>
          </p>
        )}
        <div className="download-list">
          {platforms.map((platform) => (
            <section
              key={platform}
              id={PLATFORM_ANCHORS[platform]}
              className={`download-card card${platform === own ? ' is-own' : ''}`}
              aria-labelledby={`download-${platform}`}
            >
              <header className="download-card__head">
                <span className="download-card__icon">
                  <PlatformIcon platform={platform} />
                </span>
                <div>
                  <h2 id={`download-${platform}`} className="download-card__title">
                    {PLATFORM_NAMES[platform]}
                  </h2>
                  <p className="download-card__version">
                    {config ? (
                      <Trans>Version {platformVersion(platform, config)}</Trans>
                    ) : (
                      <span className="download-skeleton" aria-hidden="true" />
                    )}
                  </p>
                </div>
                {platform === own && (
                  <span className="download-badge">
                    <Trans>Your device</Trans>
                  </span>
                )}
              </header>
              <PlatformBody platform={platform} config={config} />
            </section>
          ))}
        </div>
        <div className="download-more card">
          <div>
            <h2 className="download-more__title">
              <Trans>Need a hand?</Trans>
            </h2>
            <p>
              <Trans>
                Installation tips for every platform, and one link for all your devices.
              </Trans>
            </p>
          </div>
          <div className="download-actions">
            <Link to="/download/tips" className="btn btn-secondary">
              <Trans>Installation tips</Trans>
            </Link>
            <Link to="/download/smart_links" className="btn btn-secondary">
              <Trans>Smart download link</Trans>
            </Link>
          </div>
        </div>
      </div>
    </main>
  );
}
