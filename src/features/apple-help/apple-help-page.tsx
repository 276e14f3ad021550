import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { sentenceGap } from '../../i18n/intl-format';
import { clientConfigQuery } from '../../lib/queries/catalog';
import './apple-help.css';

/** /apple-help: installing the iOS app with an overseas Apple ID, step by step. */
export default function AppleHelpPage() {
  const { i18n } = useLingui();
  const appStoreUrl = useQuery(clientConfigQuery()).data?.downloads.ios.appStoreUrl;
  return (
    <main className="page">
      <div className="container apple-help">
        <h1 className="page-title">
          <Trans>Install on iPhone with an overseas Apple ID</Trans>
        </h1>
        <p className="lead">
          <Trans>
            Kestrel VPN is not listed in every App Store region. Signing in to the App Store with an
            Apple ID from another region (for example the United States or Hong Kong) lets you
            install it. It takes about five minutes.
          </Trans>
        </p>
        <div className="apple-help__warning" role="note">
          <strong>
            <Trans>Only sign in to the App Store, never to iCloud.</Trans>
          </strong>
          {sentenceGap(i18n.locale)}
          <Trans>
            Signing in to iCloud with another person's Apple ID can lock your iPhone. Use your own
            overseas Apple ID; keep your iCloud account as it is.
          </Trans>
        </div>
        <ol className="apple-help__steps">
          <li className="card">
            <h2>
              <Trans>Create an overseas Apple ID</Trans>
            </h2>
            <p>
              <Trans>
                On appleid.apple.com choose Create Your Apple ID, pick the country or region (for
                example United States), and use an email address that is not yet an Apple ID. For
                the payment method choose None.
              </Trans>
            </p>
          </li>
          <li className="card">
            <h2>
              <Trans>Sign out of the App Store</Trans>
            </h2>
            <p>
              <Trans>
                Open the App Store, tap your picture at the top right, scroll down and tap Sign Out.
                This signs out of the App Store only.
              </Trans>
            </p>
          </li>
          <li className="card">
            <h2>
              <Trans>Sign in with the overseas Apple ID</Trans>
            </h2>
            <p>
              <Trans>
                In the same screen, sign in with the new Apple ID. If iOS asks to review the
                account, accept the terms and leave the payment method on None.
              </Trans>
            </p>
          </li>
          <li className="card">
            <h2>
              <Trans>Install Kestrel VPN</Trans>
            </h2>
            <p>
              <Trans>Open the App Store link below, or search for Kestrel VPN, and tap Get.</Trans>
            </p>
            {appStoreUrl ? (
              <a
                className="btn btn-primary"
                href={appStoreUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Trans>Get it on the App Store</Trans>
              </a>
            ) : (
              <span className="btn btn-primary is-pending" aria-disabled="true">
                <Trans>Get it on the App Store</Trans>
              </span>
            )}
          </li>
          <li className="card">
            <h2>
              <Trans>Switch back</Trans>
            </h2>
            <p>
              <Trans>
                Sign out of the App Store and sign in with your usual Apple ID. Kestrel VPN stays
                installed; updates may ask for the overseas Apple ID's password.
              </Trans>
            </p>
          </li>
        </ol>
        <p className="download-note">
          <Trans>
            Then open Kestrel VPN, log in and tap Connect. Other platforms are on the{' '}
            <Link to="/download">download page</Link>.
          </Trans>
        </p>
      </div>
    </main>
  );
}
