import { useEffect, useMemo, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ContentPage } from '../../components/content-page';
import { clientConfigQuery } from '../../lib/queries/catalog';
import { currentPlatform } from '../../lib/platform';
import { CopyButton } from '../../components/ui/copy-button';
import { PlatformIcon } from './platform-icon';
import { PLATFORMS, PLATFORM_NAMES, SMART_LINK_PATH, smartLinkTarget } from './platforms';
import './download.css';

/**
 * /download/smart_links: one address to share. Opened on a device, it sends that device to its own
 * download (App Store, APK, PKG or installer) as soon as the links are known; the page stays as a
 * fallback with every platform's link and the address to copy.
 */
export default function SmartLinksPage() {
  const { t } = useLingui();
  const own = useMemo(() => currentPlatform(), []);
  const { data: config } = useQuery(clientConfigQuery());
  const sent = useRef(false);
  const target = config ? smartLinkTarget(own, config) : undefined;

  useEffect(() => {
    if (!target || sent.current) return;
    sent.current = true;
    window.location.assign(target);
  }, [target]);

  const address = `${window.location.origin}${SMART_LINK_PATH}`;
  return (
    <ContentPage
      title={<Trans>Smart download link</Trans>}
      lead={
        <Trans>
          Share one link: each phone or computer that opens it goes straight to its own download.
        </Trans>
      }
    >
      <div className="smart-link card">
        <code>{address}</code>
        <CopyButton text={address} aria-label={t`Copy the smart link`} />
      </div>
      <p className="smart-status" role="status">
        {target ? (
          <Trans>
            Your download for {PLATFORM_NAMES[own]} has started. If nothing happens,{' '}
            <a href={target}>use this link</a>.
          </Trans>
        ) : (
          <Trans>Finding the download for {PLATFORM_NAMES[own]}…</Trans>
        )}
      </p>
      <h2 className="download-subtitle">
        <Trans>Where the link sends each device</Trans>
      </h2>
      <ul className="smart-targets">
        {PLATFORMS.map((platform) => (
          <li key={platform} className="card">
            <PlatformIcon platform={platform} />
            <div>
              <strong>{PLATFORM_NAMES[platform]}</strong>
              <p>
                {platform === 'IOS' ? (
                  <Trans>The App Store</Trans>
                ) : platform === 'ANDROID' ? (
                  <Trans>The APK</Trans>
                ) : platform === 'MAC' ? (
                  <Trans>The PKG installer</Trans>
                ) : (
                  <Trans>The Windows installer</Trans>
                )}
                {config && (
                  <>
                    {' · '}
                    <a href={smartLinkTarget(platform, config)}>
                      <Trans>Download</Trans>
                    </a>
                  </>
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p className="download-note">
        <Link to="/download">
          <Trans>All downloads and install guides</Trans>
        </Link>
      </p>
    </ContentPage>
  );
}
