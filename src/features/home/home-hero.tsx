import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Check, HeroVisual } from './home-art';

/** SPEC §9: the free-trial button's length. The trial itself starts on /trial. */
const TRIAL_MINUTES = 15;

export function Hero() {
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="container home-hero__inner">
        <div className="home-hero__copy">
          <p className="home-eyebrow">
            <Trans>99.999% uptime · 100,000+ users</Trans>
          </p>
          <h1 id="home-hero-title" className="home-hero__title">
            <Trans>The fast, private way onto the open internet</Trans>
          </h1>
          <p className="home-hero__lead">
            <Trans>
              Kestrel VPN connects you in one tap, keeps zero logs and unlocks streaming and AI
              services, on iPhone, iPad, Android, macOS and Windows.
            </Trans>
          </p>
          <div className="home-hero__actions">
            <Link to="/pricing" className="btn btn-primary home-hero__cta">
              <Trans>Get Kestrel VPN</Trans>
            </Link>
            <Link to="/trial" className="btn btn-secondary home-hero__cta">
              <Trans>{TRIAL_MINUTES}-minute free trial</Trans>
            </Link>
          </div>
          <ul className="home-hero__points">
            <li>
              <Check />
              <Trans>Zero-logging policy</Trans>
            </li>
            <li>
              <Check />
              <Trans>24/7 support</Trans>
            </li>
            <li>
              <Check />
              <Trans>Alipay, WeChat, cards and crypto</Trans>
            </li>
          </ul>
        </div>
        <HeroVisual />
      </div>
    </section>
  );
}
