import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Check, SectionArt, type ArtName } from './home-art';

interface ShowcaseContent {
  id: string;
  art: ArtName;
  eyebrow: ReactNode;
  title: ReactNode;
  text: ReactNode;
  points: ReactNode[];
}

/** One section of the home page's features: copy and points beside its art. */
function Showcase({
  showcase: { id, art, eyebrow, title, text, points },
  reverse,
  alt,
}: {
  showcase: ShowcaseContent;
  reverse: boolean;
  alt: boolean;
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
          <p className="home-showcase__text">{text}</p>
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

/** The showcases, alternating: every other one on the tinted background, with its art first. */
export function Sections() {
  const showcases: ShowcaseContent[] = [
    {
      id: 'home-adaptive',
      art: 'adaptive',
      eyebrow: <Trans>Adaptive</Trans>,
      title: <Trans>Always on the best route</Trans>,
      text: (
        <Trans>
          Kestrel VPN measures your network continuously and moves your connection to a better route
          before you notice a slowdown.
        </Trans>
      ),
      points: [
        <Trans key="1">Smart routing picks the fastest line for each site</Trans>,
        <Trans key="2">Switches seamlessly between Wi-Fi and mobile data</Trans>,
        <Trans key="3">Local sites stay direct and fast</Trans>,
      ],
    },
    {
      id: 'home-fast',
      art: 'fast',
      eyebrow: <Trans>Ultra fast</Trans>,
      title: <Trans>Speed for 4K, games and big downloads</Trans>,
      text: (
        <Trans>
          Premium network routes and modern protocols keep your connection as fast as the line you
          are on.
        </Trans>
      ),
      points: [
        <Trans key="1">High-bandwidth servers on premium lines</Trans>,
        <Trans key="2">Low latency for video calls and gaming</Trans>,
        <Trans key="3">No speed caps on standard plans</Trans>,
      ],
    },
    {
      id: 'home-private',
      art: 'private',
      eyebrow: <Trans>Private</Trans>,
      title: <Trans>Zero logs. Nothing to hand over.</Trans>,
      text: (
        <Trans>
          We never log your traffic, your DNS queries or the address you connect from, so your
          activity stays yours.
        </Trans>
      ),
      points: [
        <Trans key="1">No record of the sites you visit or what you do</Trans>,
        <Trans key="2">Strong encryption on every connection</Trans>,
        <Trans key="3">A monthly warrant canary</Trans>,
      ],
    },
    {
      id: 'home-perks',
      art: 'perks',
      eyebrow: <Trans>Member perks</Trans>,
      title: <Trans>More than a VPN</Trans>,
      text: (
        <Trans>
          Members get the services they care about, and a little more every year they stay.
        </Trans>
      ),
      points: [
        <Trans key="1">Streaming and AI services unlocked</Trans>,
        <Trans key="2">Extra benefits with yearly plans</Trans>,
        <Trans key="3">Bonus time when you invite friends</Trans>,
      ],
    },
    {
      id: 'home-trusted',
      art: 'trusted',
      eyebrow: <Trans>Trusted service</Trans>,
      title: <Trans>Reliable, and people to help</Trans>,
      text: (
        <Trans>
          A service that is simply there when you need it, and a support team that answers at any
          hour.
        </Trans>
      ),
      points: [
        <Trans key="1">99.999% uptime</Trans>,
        <Trans key="2">24/7 support from real people</Trans>,
        <Trans key="3">Trusted by 100,000+ users</Trans>,
      ],
    },
  ];
  return (
    <>
      {showcases.map((showcase, index) => (
        <Showcase
          key={showcase.id}
          showcase={showcase}
          alt={index % 2 === 0}
          reverse={index % 2 === 1}
        />
      ))}
    </>
  );
}
