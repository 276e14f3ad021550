import type { ReactNode } from 'react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ClauseName } from '../../../contract/web-routes';
import { formatDateTime } from '../../i18n/intl-format';
import { CANARY_DATE, CLAUSES_UPDATED } from './clause-dates';
import './clauses.css';

const route = getRouteApi('/clause/$name');

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="clause-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Terms() {
  return (
    <>
      <Section title={<Trans>1. The service</Trans>}>
        <p>
          <Trans>
            Kestrel VPN ("we") provides an encrypted network connection for personal use through our
            apps for iPhone, iPad, Android, macOS and Windows. By creating an account or using the
            service you agree to these terms.
          </Trans>
        </p>
      </Section>
      <Section title={<Trans>2. Your account</Trans>}>
        <p>
          <Trans>
            You must give accurate registration details and keep your password safe. An account is
            for one person and the devices they own; sharing, reselling or renting it out is not
            allowed. You may delete your account at any time from the personal centre; deletion is
            permanent.
          </Trans>
        </p>
      </Section>
      <Section title={<Trans>3. Acceptable use</Trans>}>
        <p>
          <Trans>
            You may not use the service to break the law where you are, to send spam, to attack or
            scan other networks, to distribute malware, or to infringe the rights of others. We may
            suspend or disable an account that does so.
          </Trans>
        </p>
      </Section>
      <Section title={<Trans>4. Plans, payment and refunds</Trans>}>
        <p>
          <Trans>
            Memberships are prepaid for the period shown at checkout and are not renewed
            automatically. Prices include the taxes we are required to charge. If the service does
            not work for you, ask support for a refund within 7 days of your first purchase; crypto
            payments are refunded in the same token at the amount received.
          </Trans>
        </p>
      </Section>
      <Section title={<Trans>5. Availability</Trans>}>
        <p>
          <Trans>
            We aim for 99.999% uptime and announce planned maintenance in advance, but the service
            is provided "as is" and we cannot guarantee that every site or service is reachable from
            every network.
          </Trans>
        </p>
      </Section>
      <Section title={<Trans>6. Liability and changes</Trans>}>
        <p>
          <Trans>
            To the extent the law allows, our liability is limited to the amount you paid in the
            last 12 months. We may update these terms; material changes are announced at least 14
            days before they apply, and continuing to use the service means you accept them.
          </Trans>
        </p>
      </Section>
    </>
  );
}

function Privacy() {
  return (
    <>
      <Section title={<Trans>What we never log</Trans>}>
        <p>
          <Trans>
            We do not record the websites you visit, the content of your traffic, DNS queries, the
            IP address you connect from or the time and length of your sessions. There is nothing to
            hand over, because it is never written down.
          </Trans>
        </p>
      </Section>
      <Section title={<Trans>What we keep</Trans>}>
        <ul>
          <li>
            <Trans>
              Account details: username, email address or phone number, and a hash of your password.
            </Trans>
          </li>
          <li>
            <Trans>
              Membership and orders: plan, expiry date, amounts and payment method, needed for
              accounting.
            </Trans>
          </li>
          <li>
            <Trans>
              The devices logged in to your account (platform and a device identifier), so you can
              remove them.
            </Trans>
          </li>
          <li>
            <Trans>Invitation and affiliate records, to pay bonuses and commissions.</Trans>
          </li>
        </ul>
      </Section>
      <Section title={<Trans>How we use it</Trans>}>
        <p>
          <Trans>
            Only to run your account: to log you in, send verification codes, process payments,
            answer support requests and prevent abuse. We do not sell or rent personal data, and we
            do not use it for advertising.
          </Trans>
        </p>
      </Section>
      <Section title={<Trans>Who else sees it</Trans>}>
        <p>
          <Trans>
            Payment providers see what they need to take a payment; email and SMS providers see the
            address or number a code is sent to. We disclose data to authorities only when a valid
            legal order compels us, and then only what we hold.
          </Trans>
        </p>
      </Section>
      <Section title={<Trans>Your choices</Trans>}>
        <p>
          <Trans>
            You can see your data in the personal centre, ask support for a copy, and delete your
            account at any time; deletion removes your personal data except the order records the
            law requires us to keep.
          </Trans>
        </p>
      </Section>
    </>
  );
}

function Canary({ date }: { date: string }) {
  return (
    <>
      <p className="clause-canary" role="note">
        <Trans>As of {date}, Kestrel VPN states:</Trans>
      </p>
      <ol className="clause-canary__list">
        <li>
          <Trans>We have not received any national security letter or gag order.</Trans>
        </li>
        <li>
          <Trans>We have not received any warrant to monitor or log the traffic of any user.</Trans>
        </li>
        <li>
          <Trans>
            We have not been required to install any backdoor or hand over any encryption key.
          </Trans>
        </li>
        <li>
          <Trans>We have not disclosed any user's data to a third party.</Trans>
        </li>
      </ol>
      <p>
        <Trans>
          This statement is renewed every month. If it is not updated or a statement is removed,
          assume that we can no longer say it. See the{' '}
          <Link to="/clause/$name" params={{ name: 'privacy' }}>
            Privacy Policy
          </Link>{' '}
          for what we keep.
        </Trans>
      </p>
    </>
  );
}

/** /clause/terms, /clause/privacy, /clause/canary; the route answers 404 for any other name. */
export default function ClausePage() {
  const { name } = route.useParams() as { name: ClauseName };
  const { i18n } = useLingui();
  const formatDate = (iso: string) =>
    formatDateTime(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }, iso);
  const title =
    name === 'terms' ? (
      <Trans>Terms of Service</Trans>
    ) : name === 'privacy' ? (
      <Trans>Privacy Policy</Trans>
    ) : (
      <Trans>Warrant canary</Trans>
    );
  const updated = formatDate(name === 'canary' ? CANARY_DATE : CLAUSES_UPDATED);
  return (
    <main className="page">
      <article className="container clause">
        <h1 className="page-title">{title}</h1>
        <p className="clause-updated">
          <Trans>Last updated: {updated}</Trans>
        </p>
        {name === 'terms' ? (
          <Terms />
        ) : name === 'privacy' ? (
          <Privacy />
        ) : (
          <Canary date={updated} />
        )}
      </article>
    </main>
  );
}
