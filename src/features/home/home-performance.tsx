import { Trans } from '@lingui/react/macro';
import { PageSection } from '../../components/page-section';

export function Performance() {
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
    <PageSection id="home-features-title" title={<Trans>Performance you can feel</Trans>}>
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
    </PageSection>
  );
}
