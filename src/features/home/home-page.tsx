import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { HeroVisual, SectionArt, type ArtName } from './home-art';
import './home-page.css';

/** SPEC §9: the free-trial button's length. The trial itself starts on /trial. */
const TRIAL_MINUTES = 15;

function Check() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" className="home-check">
      <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.14" />
      <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

function Hero() {
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

function Stats() {
  return (
    <section className="home-stats" aria-labelledby="home-stats-title">
      <div className="container">
        <h2 id="home-stats-title" className="visually-hidden">
          <Trans>Kestrel VPN in numbers</Trans>
        </h2>
        <dl className="home-stats__list">
          <div>
            <dt>
              <Trans>Uptime</Trans>
            </dt>
            <dd>99.999%</dd>
          </div>
          <div>
            <dt>
              <Trans>Users</Trans>
            </dt>
            <dd>100,000+</dd>
          </div>
          <div>
            <dt>
              <Trans>Support</Trans>
            </dt>
            <dd>24/7</dd>
          </div>
          <div>
            <dt>
              <Trans>Activity logs</Trans>
            </dt>
            <dd>0</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

function Performance() {
  const features = [
    {
      icon: 'M13 2L4 14h7l-1 8 9-12h-7z',
      title: <Trans>One-tap connect</Trans>,
      text: <Trans>Connected in about a second, to the fastest server for where you are.</Trans>,
    },
    {
      icon: 'M3 5h18v12H3zM8 21h8M12 17v4',
      title: <Trans>Streaming unlocked</Trans>,
      text: <Trans>Netflix, Disney+, YouTube and more in 4K, without buffering.</Trans>,
    },
    {
      icon: 'M12 3l2.5 5.5L20 11l-5.5 2.5L12 19l-2.5-5.5L4 11l5.5-2.5z',
      title: <Trans>AI services ready</Trans>,
      text: <Trans>ChatGPT, Claude, Gemini and other AI tools work as they should.</Trans>,
    },
    {
      icon: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
      title: <Trans>Encrypted everywhere</Trans>,
      text: <Trans>Modern encryption on every network, from café Wi-Fi to hotel rooms.</Trans>,
    },
  ];
  return (
    <section className="page-section" aria-labelledby="home-features-title">
      <div className="container">
        <h2 id="home-features-title" className="section-title">
          <Trans>Performance you can feel</Trans>
        </h2>
        <p className="home-section__lead">
          <Trans>Everything a connection should be, and nothing it should not.</Trans>
        </p>
        <ul className="home-grid">
          {features.map((feature, index) => (
            <li key={index} className="home-feature card">
              <span className="home-feature__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="24" height="24">
                  <path
                    d={feature.icon}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinejoin="round"
                  />
                </svg>
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Showcase({
  id,
  art,
  eyebrow,
  title,
  children,
  points,
  reverse = false,
  alt = false,
}: {
  id: string;
  art: ArtName;
  eyebrow: ReactNode;
  title: ReactNode;
  children: ReactNode;
  points: ReactNode[];
  reverse?: boolean;
  alt?: boolean;
}) {
  return (
    <section
      className={`page-section home-showcase${alt ? ' page-section--alt' : ''}`}
      aria-labelledby={id}
    >
      <div className={`container home-showcase__inner${reverse ? ' is-reverse' : ''}`}>
        <div className="home-showcase__copy">
          <p className="home-showcase__eyebrow">{eyebrow}</p>
          <h2 id={id} className="home-showcase__title">
            {title}
          </h2>
          <p className="home-showcase__text">{children}</p>
          <ul className="home-showcase__points">
            {points.map((point, index) => (
              <li key={index}>
                <Check />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <SectionArt name={art} />
      </div>
    </section>
  );
}

function Sections() {
  return (
    <>
      <Showcase
        id="home-adaptive"
        art="adaptive"
        alt
        eyebrow={<Trans>Adaptive</Trans>}
        title={<Trans>Always on the best route</Trans>}
        points={[
          <Trans key="1">Smart routing picks the fastest line for each site</Trans>,
          <Trans key="2">Switches seamlessly between Wi-Fi and mobile data</Trans>,
          <Trans key="3">Local sites stay direct and fast</Trans>,
        ]}
      >
        <Trans>
          Kestrel VPN measures your network continuously and moves your connection to a better route
          before you notice a slowdown.
        </Trans>
      </Showcase>
      <Showcase
        id="home-fast"
        art="fast"
        reverse
        eyebrow={<Trans>Ultra fast</Trans>}
        title={<Trans>Speed for 4K, games and big downloads</Trans>}
        points={[
          <Trans key="1">High-bandwidth servers on premium lines</Trans>,
          <Trans key="2">Low latency for video calls and gaming</Trans>,
          <Trans key="3">No speed caps on standard plans</Trans>,
        ]}
      >
        <Trans>
          Premium network routes and modern protocols keep your connection as fast as the line you
          are on.
        </Trans>
      </Showcase>
      <Showcase
        id="home-private"
        art="private"
        alt
        eyebrow={<Trans>Private</Trans>}
        title={<Trans>Zero logs. Nothing to hand over.</Trans>}
        points={[
          <Trans key="1">No record of the sites you visit or what you do</Trans>,
          <Trans key="2">Strong encryption on every connection</Trans>,
          <Trans key="3">A monthly warrant canary</Trans>,
        ]}
      >
        <Trans>
          We never log your traffic, your DNS queries or the address you connect from, so your
          activity stays yours.
        </Trans>
      </Showcase>
      <Showcase
        id="home-perks"
        art="perks"
        reverse
        eyebrow={<Trans>Member perks</Trans>}
        title={<Trans>More than a VPN</Trans>}
        points={[
          <Trans key="1">Streaming and AI services unlocked</Trans>,
          <Trans key="2">Extra benefits with yearly plans</Trans>,
          <Trans key="3">Bonus time when you invite friends</Trans>,
        ]}
      >
        <Trans>
          Members get the services they care about, and a little more every year they stay.
        </Trans>
      </Showcase>
      <Showcase
        id="home-trusted"
        art="trusted"
        alt
        eyebrow={<Trans>Trusted service</Trans>}
        title={<Trans>Reliable, and people to help</Trans>}
        points={[
          <Trans key="1">99.999% uptime</Trans>,
          <Trans key="2">24/7 support from real people</Trans>,
          <Trans key="3">Trusted by 100,000+ users</Trans>,
        ]}
      >
        <Trans>
          A service that is simply there when you need it, and a support team that answers at any
          hour.
        </Trans>
      </Showcase>
    </>
  );
}

function Testimonials() {
  const quotes = [
    {
      text: <Trans>Video calls with my family abroad finally work without freezing.</Trans>,
      who: <Trans>Lin, Shanghai</Trans>,
    },
    {
      text: <Trans>One account on my phone, laptop and tablet, and it simply connects.</Trans>,
      who: <Trans>Mark, Singapore</Trans>,
    },
    {
      text: <Trans>Support answered at 3 a.m. and fixed my Windows setup in minutes.</Trans>,
      who: <Trans>Chen, Shenzhen</Trans>,
    },
  ];
  return (
    <section className="page-section" aria-labelledby="home-voices-title">
      <div className="container">
        <h2 id="home-voices-title" className="section-title">
          <Trans>Loved by 100,000+ users</Trans>
        </h2>
        <div className="home-grid home-grid--3">
          {quotes.map((quote, index) => (
            <figure key={index} className="home-quote card">
              <p className="home-quote__stars" aria-hidden="true">
                ★★★★★
              </p>
              <blockquote>{quote.text}</blockquote>
              <figcaption>{quote.who}</figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}

function DownloadCta() {
  const { t } = useLingui();
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
        <nav className="home-cta__actions" aria-label={t`Downloads`}>
          <Link to="/download" className="btn home-cta__button">
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

export default function HomePage() {
  return (
    <main>
      <Hero />
      <Stats />
      <Performance />
      <Sections />
      <Testimonials />
      <DownloadCta />
    </main>
  );
}
