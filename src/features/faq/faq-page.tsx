import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useDisplayConfig } from '../../lib/queries/use-display-config';
import './faq.css';

function Question({
  id,
  question,
  children,
}: {
  id: string;
  question: ReactNode;
  children: ReactNode;
}) {
  return (
    <details className="faq-item card" id={id}>
      <summary className="faq-item__question">
        <h2>{question}</h2>
        <span className="faq-item__caret" aria-hidden="true" />
      </summary>
      <div className="faq-item__answer">{children}</div>
    </details>
  );
}

/** /faq: the five questions of SPEC §2, each with a complete answer. */
export default function FaqPage() {
  const supportEmail = useDisplayConfig()?.links.supportEmail ?? 'support@kestrel.example';
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return (
    <main className="page">
      <div className="container faq">
        <h1 className="page-title">
          <Trans>Frequently asked questions</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Quick answers to what people ask us most. Still stuck? Write to {mail}, we answer 24/7.
          </Trans>
        </p>
        <div className="faq-list">
          <Question id="no-code" question={<Trans>I didn't receive a verification code</Trans>}>
            <p>
              <Trans>Codes usually arrive within a minute. If yours has not:</Trans>
            </p>
            <ul>
              <li>
                <Trans>Check the spam or junk folder, and the "Promotions" tab in Gmail.</Trans>
              </li>
              <li>
                <Trans>
                  Make sure the address or phone number is typed correctly, with the right country
                  code for a phone.
                </Trans>
              </li>
              <li>
                <Trans>
                  Wait for the countdown on the button to finish, then request a new code. Only the
                  newest code works, and each code expires after 10 minutes.
                </Trans>
              </li>
              <li>
                <Trans>
                  Some mail providers and carriers delay messages; try another email address or
                  register with a username instead.
                </Trans>
              </li>
            </ul>
            <p>
              <Trans>
                If nothing arrives after a few tries, write to {mail} from that address.
              </Trans>
            </p>
          </Question>
          <Question
            id="apple"
            question={<Trans>How do I use Kestrel VPN on iPhone, iPad or Mac?</Trans>}
          >
            <p>
              <Trans>
                Install the app from the App Store (on a Mac, from the Mac App Store or with the PKG
                from the <Link to="/download">download page</Link>), log in with your Kestrel VPN
                account, allow the VPN configuration when the system asks, and tap Connect.
              </Trans>
            </p>
            <p>
              <Trans>
                If the app is not offered in your App Store region, sign in to the App Store with an
                overseas Apple ID: <Link to="/apple-help">follow our step-by-step guide</Link>. Only
                the App Store sign-in changes; your iCloud account and data stay as they are.
              </Trans>
            </p>
          </Question>
          <Question id="disabled" question={<Trans>My account has been disabled</Trans>}>
            <p>
              <Trans>
                Accounts are disabled when our terms are broken, for example when an account is
                shared or resold, used for abuse or spam, or paid for with a charge that was
                disputed.
              </Trans>
            </p>
            <p>
              <Trans>
                If you think this is a mistake, write to {mail} with your user ID (shown in the
                personal centre) or the email or phone you registered with. We review every request
                and reply within one working day. See the{' '}
                <Link to="/clause/$name" params={{ name: 'terms' }}>
                  Terms of Service
                </Link>{' '}
                for the rules.
              </Trans>
            </p>
          </Question>
          <Question id="windows" question={<Trans>The Windows client does not work</Trans>}>
            <ol>
              <li>
                <Trans>Update to the newest version from the download page.</Trans>
              </li>
              <li>
                <Trans>
                  Close other VPN, proxy or accelerator programs; two of them at once break each
                  other's routes.
                </Trans>
              </li>
              <li>
                <Trans>
                  Add Kestrel VPN to your antivirus exclusions, and allow it through Windows
                  Defender Firewall.
                </Trans>
              </li>
              <li>
                <Trans>Right-click the app and choose Run as administrator once.</Trans>
              </li>
              <li>
                <Trans>
                  Check the date and time: a clock that is wrong by minutes makes secure connections
                  fail.
                </Trans>
              </li>
            </ol>
            <p>
              <Trans>
                Still not connecting? Send us the log (Settings, Export log in the app) at {mail}.
                More fixes are in the <Link to="/download/tips">installation tips</Link>.
              </Trans>
            </p>
          </Question>
          <Question
            id="devices"
            question={<Trans>Can I use one account on several devices?</Trans>}
          >
            <p>
              <Trans>
                Yes. Log in with the same account on your phone, tablet and computers; your
                membership covers all of them. Each device that logs in appears in the personal
                centre under Devices, where you can remove the ones you no longer use.
              </Trans>
            </p>
            <p>
              <Trans>
                An account is for one person and their own devices. Sharing it with other people may
                get it disabled; invite them instead and both of you get bonus time.
              </Trans>
            </p>
          </Question>
        </div>
      </div>
    </main>
  );
}
