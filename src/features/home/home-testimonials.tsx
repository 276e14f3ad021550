import { Trans } from '@lingui/react/macro';
import { PageSection } from '../../components/page-section';

export function Testimonials() {
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
    <PageSection id="home-voices-title" title={<Trans>Loved by 100,000+ users</Trans>}>
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
    </PageSection>
  );
}
