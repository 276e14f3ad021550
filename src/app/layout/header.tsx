import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { waitFor } from 'xstate';
import { useSession, useSessionState } from '../../lib/session/session-context';
import { useHydrated } from '../../lib/use-hydrated';
import { NavLinks, type NavEntry } from '../../components/nav-links';
import { LanguageSwitch } from './language-switch';
import { MoreMenu } from './more-menu';
import { Logo } from './logo';
import './header.css';

const MAIN_LINKS: readonly NavEntry[] = [
  { to: '/', label: <Trans>Home</Trans>, exact: true },
  { to: '/pricing', label: <Trans>Pricing</Trans> },
  { to: '/group-buying', label: <Trans>Group buy</Trans> },
  { to: '/download', label: <Trans>Download</Trans> },
  { to: '/affiliate', label: <Trans>Affiliate</Trans> },
];

function AccountLinks() {
  const session = useSession();
  const navigate = useNavigate();
  // The prerendered header knows no session: hydration starts from that, then shows the real one.
  const hydrated = useHydrated();
  const loggedIn = useSessionState((s) => s.matches('loggedIn')) && hydrated;
  const loggingOut = useSessionState((s) => s.matches('loggingOut')) && hydrated;
  const settled = useSessionState((s) => !s.matches('unknown')) && hydrated;

  const logout = async () => {
    session.send({ type: 'LOGOUT' });
    await waitFor(session, (s) => s.matches('loggedOut'));
    await navigate({ to: '/' });
  };

  if (loggedIn || loggingOut) {
    return (
      <>
        <Link to="/user/profile" className="nav-link">
          <Trans>Personal centre</Trans>
        </Link>
        <button
          type="button"
          className="btn btn-secondary nav-button"
          onClick={() => void logout()}
          disabled={loggingOut}
          aria-busy={loggingOut}
        >
          {loggingOut && <span className="spinner" aria-hidden="true" />}
          <Trans>Log out</Trans>
        </button>
      </>
    );
  }
  return (
    // Until the session is known the buttons keep their place but stay quiet: no flash of
    // "Log in" for a logged-in member, and no layout shift either.
    <div className="account-links" aria-busy={!settled}>
      <Link to="/register" className="nav-link">
        <Trans>Register</Trans>
      </Link>
      <Link to="/login" className="btn btn-primary nav-button">
        <Trans>Log in</Trans>
      </Link>
    </div>
  );
}

export function Header() {
  const { t } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const pathname = useLocation({ select: (location) => location.pathname });

  const toggleRef = useRef<HTMLButtonElement>(null);

  // A followed link closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  // Escape closes the open drawer, as it closes any disclosure, and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <div className="container site-header__bar">
        <Link to="/" className="brand" aria-label={t`Kestrel VPN home`}>
          <Logo />
          <span className="brand__name">
            <Trans>Kestrel VPN</Trans>
          </span>
        </Link>
        <nav className="site-nav" aria-label={t`Main`}>
          <NavLinks entries={MAIN_LINKS} className="nav-link" />
          <MoreMenu />
        </nav>
        <div className="site-header__actions">
          <div className="site-header__account">
            <AccountLinks />
          </div>
          <LanguageSwitch />
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-ghost menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? t`Close menu` : t`Open menu`}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg
              viewBox="0 0 24 24"
              width="24"
              height="24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
      </div>
      <div id={menuId} className="mobile-menu" hidden={!menuOpen}>
        <nav
          className="container mobile-menu__nav"
          aria-label={t({ message: 'Mobile', context: 'the navigation drawer on phones' })}
        >
          <NavLinks entries={MAIN_LINKS} className="nav-link" />
          <MoreMenu />
          <div className="mobile-menu__account">
            <AccountLinks />
          </div>
        </nav>
      </div>
    </header>
  );
}
