import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { linkLabel } from './link-labels';
import { useDisplayConfig } from '../../lib/queries/use-display-config';
import { Logo } from './logo';
import './footer.css';

const isInternal = (href: string) => href.startsWith('/') && !href.startsWith('//');

export function Footer() {
  const { t, i18n } = useLingui();
  const config = useDisplayConfig();
  const help = config?.links.help ?? [];
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <p className="brand">
            <Logo />
            <span>
              <Trans>Kestrel VPN</Trans>
            </span>
          </p>
          <p className="site-footer__tagline">
            <Trans>Fast, private connections on every device. Zero logs, 24/7 support.</Trans>
          </p>
        </div>
        <nav aria-label={t`Legal`}>
          <h2 className="site-footer__heading">
            <Trans>Legal</Trans>
          </h2>
          <ul className="site-footer__links">
            <li>
              <Link to="/clause/$name" params={{ name: 'terms' }}>
                <Trans>Terms of Service</Trans>
              </Link>
            </li>
            <li>
              <Link to="/clause/$name" params={{ name: 'privacy' }}>
                <Trans>Privacy Policy</Trans>
              </Link>
            </li>
            <li>
              <Link to="/clause/$name" params={{ name: 'canary' }}>
                <Trans>Warrant canary</Trans>
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t`Help centre`}>
          <h2 className="site-footer__heading">
            <Trans>Help centre</Trans>
          </h2>
          <ul className="site-footer__links">
            {help.map((link) => {
              const label = linkLabel((d) => i18n._(d), link.key);
              return (
                <li key={link.key}>
                  {isInternal(link.href) ? (
                    <a href={link.href}>{label}</a>
                  ) : (
                    <a href={link.href} target="_blank" rel="noopener noreferrer">
                      {label}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__legal">
        <p>
          <Trans>© 2026 Kestrel VPN. All rights reserved.</Trans>
        </p>
      </div>
    </footer>
  );
}
