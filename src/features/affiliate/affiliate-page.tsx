import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { ShopGroupType } from '../../../contract/enums';
import { affiliateExample, KOL_RATES } from '../../../contract/kol';
import { useMoney } from '../../components/formats';
import { PageSection } from '../../components/page-section';
import { affiliateContactQuery } from '../../lib/queries/affiliate-contact';
import { goodsQuery } from '../../lib/queries/catalog';
import './affiliate.css';

function Benefit({
  icon,
  title,
  children,
}: {
  icon: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="affiliate-benefit card">
      <svg
        viewBox="0 0 24 24"
        width="28"
        height="28"
        aria-hidden="true"
        className="affiliate-benefit__icon"
      >
        <path
          d={icon}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h3>{title}</h3>
      <p>{children}</p>
    </li>
  );
}

/** One step of "How to join"; its number is the list's counter (affiliate.css). */
function Step({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <li className="card">
      <h3>{title}</h3>
      <p>{children}</p>
    </li>
  );
}

function ContactButton({ className = '' }: { className?: string }) {
  const { data } = useQuery(affiliateContactQuery());
  const label = <Trans>Contact the partner team</Trans>;
  if (!data)
    return (
      <span
        className={`btn btn-primary affiliate-contact is-pending ${className}`}
        aria-disabled="true"
      >
        {label}
      </span>
    );
  return (
    <a
      className={`btn btn-primary affiliate-contact ${className}`}
      href={data.contactUrl}
      target="_blank"
      rel="noopener noreferrer"
    >
      {label}
    </a>
  );
}

const EXAMPLE_MEMBERS = 50;

/**
 * The example under the rates, from the shop's own yearly Standard price in US dollars (payouts are
 * in USDT). The prerendered page has no shop yet: the paragraph keeps its room (affiliate.css) and
 * fills in when the goods arrive, so nothing below it moves.
 */
function CommissionExample() {
  const money = useMoney();
  const { data } = useQuery(goodsQuery());
  const yearly = data?.goods.find((g) => g.groupType === ShopGroupType.STANDARD && g.months === 12);
  const price = yearly?.prices.find((p) => p.currency === 'USD');
  if (!price) return <p className="affiliate-example" aria-hidden="true" />;
  const { firstYearCents, renewalCents } = affiliateExample(price.amount, EXAMPLE_MEMBERS);
  const members = EXAMPLE_MEMBERS;
  const planPrice = money(price);
  const firstYear = money({ amount: firstYearCents, currency: 'USD' });
  const renewal = money({ amount: renewalCents, currency: 'USD' });
  return (
    <p className="affiliate-example">
      <Trans>
        Example: {members} new members on the yearly Standard plan ({planPrice}) can earn you up to{' '}
        {firstYear} in their first year, plus up to {renewal} each year they renew.
      </Trans>
    </p>
  );
}

/** /affiliate: banner, benefits, commission potential, how to join, contact (SPEC §2, §9). */
export default function AffiliatePage() {
  // The programme's bounds (contract/kol.ts, SPEC §9): 25-100 % on a first purchase, up to 25 % on
  // renewals; the same numbers as the KOL area's notice and what an operator can set.
  const firstMin = KOL_RATES.firstMinPercent;
  const firstMax = KOL_RATES.firstMaxPercent;
  const renewalMax = KOL_RATES.renewalMaxPercent;
  return (
    <main>
      <section className="affiliate-hero" aria-labelledby="affiliate-title">
        <div className="container">
          <p className="affiliate-hero__eyebrow">
            <Trans>Kestrel VPN affiliate programme</Trans>
          </p>
          <h1 id="affiliate-title" className="affiliate-hero__title">
            <Trans>Recommend Kestrel VPN, earn up to 100% commission</Trans>
          </h1>
          <p className="affiliate-hero__lead">
            <Trans>
              For creators, bloggers and community owners: share a VPN your audience will love and
              earn on every signup and every renewal.
            </Trans>
          </p>
          <div className="affiliate-hero__actions">
            <ContactButton />
            <Link to="/register" className="btn btn-secondary affiliate-hero__secondary">
              <Trans>Create an account</Trans>
            </Link>
          </div>
        </div>
      </section>

      <PageSection id="affiliate-benefits" title={<Trans>Why partner with us</Trans>}>
        <ul className="affiliate-benefits">
          <Benefit
            icon="M12 3v18M17 7.5c0-1.9-2.2-3-5-3s-5 1.1-5 3 2.2 2.7 5 3.3 5 1.4 5 3.4-2.2 3.3-5 3.3-5-1.2-5-3.1"
            title={<Trans>High commission</Trans>}
          >
            <Trans>
              From {firstMin}% up to {firstMax}% of the first payment of every new member you bring,
              and up to {renewalMax}% of every renewal.
            </Trans>
          </Benefit>
          <Benefit
            icon="M4 19V5M4 19h16M8 15l4-4 3 3 5-6"
            title={<Trans>Real-time dashboard</Trans>}
          >
            <Trans>
              Follow invitations, orders and earnings in the KOL area of your personal centre.
            </Trans>
          </Benefit>
          <Benefit icon="M3 12h4l3-8 4 16 3-8h4" title={<Trans>A product that sells itself</Trans>}>
            <Trans>
              Fast, zero-logging connections with streaming and AI unlocking, 99.999% uptime and
              24/7 support.
            </Trans>
          </Benefit>
          <Benefit icon="M5 12l4 4 10-10M5 19h14" title={<Trans>Reliable payouts</Trans>}>
            <Trans>Request a settlement as soon as your pending earnings reach $100.</Trans>
          </Benefit>
        </ul>
      </PageSection>

      <PageSection id="affiliate-potential" alt title={<Trans>Your commission potential</Trans>}>
        <div className="affiliate-rates">
          <div className="affiliate-rate card">
            <p className="affiliate-rate__value">
              {firstMin}–{firstMax}%
            </p>
            <p className="affiliate-rate__label">
              <Trans>on new members' first payment</Trans>
            </p>
          </div>
          <div className="affiliate-rate card">
            <p className="affiliate-rate__value">{renewalMax}%</p>
            <p className="affiliate-rate__label">
              <Trans>on every renewal (up to), for as long as they stay</Trans>
            </p>
          </div>
        </div>
        <CommissionExample />
      </PageSection>

      <PageSection id="affiliate-steps" title={<Trans>How to join</Trans>}>
        <ol className="affiliate-steps">
          <Step title={<Trans>Create an account</Trans>}>
            <Trans>Register for free with a username, email or phone.</Trans>
          </Step>
          <Step title={<Trans>Contact our partner team</Trans>}>
            <Trans>
              Tell us about your channel or community in a message; we reply within a day.
            </Trans>
          </Step>
          <Step title={<Trans>Share your link</Trans>}>
            <Trans>Get your personal invitation link and promotion material.</Trans>
          </Step>
          <Step title={<Trans>Earn</Trans>}>
            <Trans>Commissions are credited with every purchase and renewal you bring.</Trans>
          </Step>
        </ol>
      </PageSection>

      <section className="cta-band" aria-labelledby="affiliate-cta-title">
        <div className="container text-and-action">
          <div>
            <h2 id="affiliate-cta-title" className="affiliate-cta__title">
              <Trans>Ready to start earning?</Trans>
            </h2>
            <p>
              <Trans>Our partner team answers messages every day.</Trans>
            </p>
          </div>
          <ContactButton className="cta-band__button" />
        </div>
      </section>
    </main>
  );
}
