import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ContentPage } from '../../components/content-page';
import { CtaLinks } from '../../components/cta-links';
import { clientConfigQuery } from '../../lib/queries/catalog';
import { currentVisitorSystem } from '../../lib/platform';
import { DownloadLead } from './download-lead';
import { PlatformCard } from './platform-card';
import { PlatformIcon } from './platform-icon';
import { PLATFORMS, PLATFORM_ANCHORS, PLATFORM_NAMES, orderedPlatforms } from './platforms';
import { RetryButton } from '../../components/retry-button';
import './download.css';

export default function DownloadPage() {
  const { t } = useLingui();
  const system = useMemo(() => currentVisitorSystem(), []);
  const own = system === 'LINUX' || system === 'OTHER' ? null : system;
  const platforms = useMemo(() => (own ? orderedPlatforms(own) : [...PLATFORMS]), [own]);
  const { data: config, isError, refetch } = useQuery(clientConfigQuery());

  return (
    <ContentPage
      className="download-page"
      title={<Trans>Download Kestrel VPN</Trans>}
      lead={<DownloadLead system={system} />}
    >
      <nav className="download-jump" aria-label={t`Platforms`}>
        {platforms.map((platform) => (
          <a key={platform} href={`#${PLATFORM_ANCHORS[platform]}`} className="download-jump__link">
            <PlatformIcon platform={platform} />
            {PLATFORM_NAMES[platform]}
          </a>
        ))}
      </nav>
      {isError && (
        <p className="download-error" role="alert">
          <Trans>The download links could not be loaded.</Trans> <RetryButton onRetry={refetch} />
        </p>
      )}
      <div className="download-list">
        {platforms.map((platform) => (
          <PlatformCard key={platform} platform={platform} config={config} own={platform === own} />
        ))}
      </div>
      <div className="download-more card text-and-action">
        <div>
          <h2 className="download-more__title">
            <Trans>Need a hand?</Trans>
          </h2>
          <p>
            <Trans>Installation tips for every platform, and one link for all your devices.</Trans>
          </p>
        </div>
        <CtaLinks
          className="download-actions"
          links={[
            { to: '/download/tips', label: <Trans>Installation tips</Trans> },
            { to: '/download/smart_links', label: <Trans>Smart download link</Trans> },
          ]}
        />
      </div>
    </ContentPage>
  );
}
