import { Trans } from '@lingui/react/macro';
import { ClientPlatform } from '../../../contract/enums';
import type { ClientConfig } from '../../../contract/endpoints/system';
import { PlatformIcon } from './platform-icon';
import { PlatformGuide } from './platform-guide';
import { PLATFORM_ANCHORS, PLATFORM_NAMES, platformVersion } from './platforms';

/** One platform's card on /download; the visitor's own platform is marked as theirs. */
export function PlatformCard({
  platform,
  config,
  own,
}: {
  platform: ClientPlatform;
  config?: ClientConfig;
  own: boolean;
}) {
  return (
    <section
      id={PLATFORM_ANCHORS[platform]}
      className={`download-card card${own ? ' is-own' : ''}`}
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
        {own && (
          <span className="download-badge">
            <Trans>Your device</Trans>
          </span>
        )}
      </header>
      <PlatformGuide platform={platform} config={config} />
    </section>
  );
}
