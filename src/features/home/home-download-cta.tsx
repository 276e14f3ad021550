import { Trans, useLingui } from '@lingui/react/macro';
import { CtaLinks } from '../../components/cta-links';

export function DownloadCta() {
  const { t } = useLingui();
  return (
    <section className="cta-band" aria-labelledby="home-cta-title">
      <div className="container text-and-action">
        <div>
          <h2 id="home-cta-title" className="home-cta__title">
            <Trans>Get Kestrel VPN on all your devices</Trans>
          </h2>
          <p className="home-cta__text">
            <Trans>iPhone and iPad, Android, macOS and Windows. One account for all of them.</Trans>
          </p>
        </div>
        <CtaLinks
          className="home-cta__actions"
          label={t`Downloads`}
          links={[
            {
              to: '/download',
              label: <Trans>Download the app</Trans>,
              className: 'btn cta-band__button',
            },
            { to: '/trial', label: <Trans>Try it free</Trans>, className: 'btn home-cta__ghost' },
          ]}
        />
      </div>
    </section>
  );
}
