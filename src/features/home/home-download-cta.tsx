import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';

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
        <nav className="home-cta__actions" aria-label={t`Downloads`}>
          <Link to="/download" className="btn cta-band__button">
            <Trans>Download the app</Trans>
          </Link>
          <Link to="/trial" className="btn home-cta__ghost">
            <Trans>Try it free</Trans>
          </Link>
        </nav>
      </div>
    </section>
  );
}
