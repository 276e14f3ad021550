import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import './home-page.css';

function Check() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" className="home-check">
      <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.14" />
      <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function Hero() {
  const { t } = useLingui();
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
            <Link to="/register" className="btn btn-primary home-hero__cta">
              <Trans>Start free</Trans>
            </Link>
            <Link to="/pricing" className="btn btn-secondary home-hero__cta">
              <Trans>See plans</Trans>
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
        <div className="home-hero__visual" role="img" aria-label={t`Connection status: protected`}>
          <div className="home-status card">
            <div className="home-status__ring">
              <span className="home-status__dot" />
            </div>
            <p className="home-status__label">
              <Trans>Protected</Trans>
            </p>
            <dl className="home-status__stats">
              <div>
                <dt>
                  <Trans>Latency</Trans>
                </dt>
                <dd>38 ms</dd>
              </div>
              <div>
                <dt>
                  <Trans>Download</Trans>
                </dt>
                <dd>412 Mbps</dd>
              </div>
            </dl>
          </div>
        </div>
      </div>
    </section>
  );
}

function Features() {
  return (
    <section className="home-section" aria-labelledby="home-features-title">
      <div className="container">
        <h2 id="home-features-title" className="home-section__title">
          <Trans>Performance you can feel</Trans>
        </h2>
        <p className="home-section__lead">
          <Trans>Everything a connection should be, and nothing it should not.</Trans>
        </p>
        <div className="home-grid">
          <article className="home-feature card">
            <span className="home-feature__icon" aria-hidden="true">
              ⇄
            </span>
            <h3>
              <Trans>Adaptive</Trans>
            </h3>
            <p>
              <Trans>
                Picks the best route for your network and switches smoothly when conditions change.
              </Trans>
            </p>
          </article>
          <article className="home-feature card">
            <span className="home-feature__icon" aria-hidden="true">
              ⚡
            </span>
            <h3>
              <Trans>Ultra fast</Trans>
            </h3>
            <p>
              <Trans>High-bandwidth servers for 4K streaming, gaming and large downloads.</Trans>
            </p>
          </article>
          <article className="home-feature card">
            <span className="home-feature__icon" aria-hidden="true">
              ◎
            </span>
            <h3>
              <Trans>Private</Trans>
            </h3>
            <p>
              <Trans>
                Strong encryption and a strict zero-logging policy. Your activity stays yours.
              </Trans>
            </p>
          </article>
          <article className="home-feature card">
            <span className="home-feature__icon" aria-hidden="true">
              ★
            </span>
            <h3>
              <Trans>Member perks</Trans>
            </h3>
            <p>
              <Trans>
                Streaming and AI services unlocked, plus extra benefits on yearly plans.
              </Trans>
            </p>
          </article>
          <article className="home-feature card">
            <span className="home-feature__icon" aria-hidden="true">
              ✓
            </span>
            <h3>
              <Trans>Trusted service</Trans>
            </h3>
            <p>
              <Trans>99.999% uptime and real people on 24/7 support when you need help.</Trans>
            </p>
          </article>
        </div>
      </div>
    </section>
  );
}

function Testimonials() {
  return (
    <section className="home-section home-section--alt" aria-labelledby="home-voices-title">
      <div className="container">
        <h2 id="home-voices-title" className="home-section__title">
          <Trans>Loved by 100,000+ users</Trans>
        </h2>
        <div className="home-grid home-grid--3">
          <figure className="home-quote card">
            <blockquote>
              <Trans>Video calls with my family abroad finally work without freezing.</Trans>
            </blockquote>
            <figcaption>
              <Trans>Lin, Shanghai</Trans>
            </figcaption>
          </figure>
          <figure className="home-quote card">
            <blockquote>
              <Trans>One account on my phone, laptop and tablet, and it simply connects.</Trans>
            </blockquote>
            <figcaption>
              <Trans>Mark, Singapore</Trans>
            </figcaption>
          </figure>
          <figure className="home-quote card">
            <blockquote>
              <Trans>Support answered at 3 a.m. and fixed my Windows setup in minutes.</Trans>
            </blockquote>
            <figcaption>
              <Trans>Chen, Shenzhen</Trans>
            </figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}

function DownloadCta() {
  return (
    <section className="home-cta" aria-labelledby="home-cta-title">
      <div className="container home-cta__inner">
        <div>
          <h2 id="home-cta-title" className="home-cta__title">
            <Trans>Get Kestrel VPN on all your devices</Trans>
          </h2>
          <p className="home-cta__text">
            <Trans>iPhone and iPad, Android, macOS and Windows. One account for all of them.</Trans>
          </p>
        </div>
        <Link to="/download" className="btn btn-primary home-cta__button">
          <Trans>Download the app</Trans>
        </Link>
      </div>
    </section>
  );
}

export default function HomePage() {
  return (
    <main>
      <Hero />
      <Features />
      <Testimonials />
      <DownloadCta />
    </main>
  );
}
