import { useLayoutEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { YesNo } from '../../../contract/enums';
import { useSessionState } from '../../lib/session/session-context';
import './account.css';

/** The account area: its menu beside the page; the KOL entry only for KOLs (SPEC §6). */
export default function AccountLayout() {
  const { t } = useLingui();
  const isKol = useSessionState((s) => s.context.user?.isKol === YesNo.YES);
  const menuRef = useRef<HTMLElement>(null);
  const pathname = useLocation({ select: (location) => location.pathname });

  // On phones the menu is one row that scrolls sideways: bring the current page's entry into view
  // (centred), or Benefits, Third-party client and KOL are off-screen when they are the page.
  // Only the menu scrolls, never the page.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    const active = menu?.querySelector<HTMLElement>('[data-status="active"]');
    if (!menu || !active || menu.scrollWidth <= menu.clientWidth) return;
    const menuBox = menu.getBoundingClientRect();
    const activeBox = active.getBoundingClientRect();
    menu.scrollLeft += activeBox.left - menuBox.left - (menuBox.width - activeBox.width) / 2;
  }, [pathname, isKol]);

  return (
    <div className="container account">
      <nav ref={menuRef} className="account-menu" aria-label={t`Account`}>
        <Link to="/user/profile" className="account-menu__link">
          <Trans>Profile</Trans>
        </Link>
        <Link to="/user/device" className="account-menu__link">
          <Trans>Devices</Trans>
        </Link>
        <Link to="/user/reward" className="account-menu__link">
          <Trans>Invite friends</Trans>
        </Link>
        <Link to="/user/group-buying" className="account-menu__link">
          <Trans>Group orders</Trans>
        </Link>
        <Link to="/user/benefits" className="account-menu__link">
          <Trans>Benefits</Trans>
        </Link>
        <Link to="/user/third-party-client" className="account-menu__link">
          <Trans>Third-party client</Trans>
        </Link>
        {isKol && (
          <Link to="/user/kol" className="account-menu__link">
            <Trans>KOL programme</Trans>
          </Link>
        )}
      </nav>
      <div className="account__content">
        <Outlet />
      </div>
    </div>
  );
}
