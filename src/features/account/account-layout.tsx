import { useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { YesNo } from '../../../contract/enums';
import { noticesQuery } from '../../lib/queries/notices';
import { useSessionState } from '../../lib/session/session-context';
import { NavLinks, type NavEntry } from '../../components/nav-links';
import '../../components/ui/badge.css';
import './account.css';

const ACCOUNT_LINKS: readonly NavEntry[] = [
  { to: '/user/profile', label: <Trans>Profile</Trans> },
  { to: '/user/device', label: <Trans>Devices</Trans> },
  { to: '/user/security', label: <Trans>Security</Trans> },
  { to: '/user/reward', label: <Trans>Invite friends</Trans> },
  { to: '/user/group-buying', label: <Trans>Group orders</Trans> },
  { to: '/user/benefits', label: <Trans>Benefits</Trans> },
  { to: '/user/third-party-client', label: <Trans>Third-party client</Trans> },
];
/** Notices, with the unread count beside it (spoken with the link: "Notices, 2 unread"). */
function NoticesLabel() {
  const { t, i18n } = useLingui();
  const unread = useQuery(noticesQuery(i18n.locale)).data?.unread ?? 0;
  return (
    <>
      <Trans>Notices</Trans>
      {unread > 0 && (
        <span className="badge badge--hot account-menu__count">
          <span aria-hidden="true">{unread}</span>
          <span className="visually-hidden">{t`${unread} unread`}</span>
        </span>
      )}
    </>
  );
}

const NOTICES_LINK: NavEntry = { to: '/user/notices', label: <NoticesLabel /> };
const KOL_LINK: NavEntry = { to: '/user/kol', label: <Trans>KOL programme</Trans> };

/** The account area: its menu beside the page; the KOL entry only for KOLs (SPEC §6). */
export default function AccountLayout() {
  const { t, i18n } = useLingui();
  const isKol = useSessionState((s) => s.context.user?.isKol === YesNo.YES);
  const menuRef = useRef<HTMLElement>(null);
  const pathname = useLocation({ select: (location) => location.pathname });
  // The unread count widens the Notices entry when it arrives: centre the current entry again then.
  const unread = useQuery(noticesQuery(i18n.locale)).data?.unread ?? 0;

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
  }, [pathname, isKol, unread]);

  return (
    <div className="container account">
      <nav ref={menuRef} className="account-menu" aria-label={t`Account`}>
        <NavLinks
          entries={
            isKol ? [...ACCOUNT_LINKS, NOTICES_LINK, KOL_LINK] : [...ACCOUNT_LINKS, NOTICES_LINK]
          }
          className="account-menu__link"
        />
      </nav>
      <div className="account__content">
        <Outlet />
      </div>
    </div>
  );
}
