import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  bannersQuery,
  dismissLocally,
  dismissNoticeBanner,
  locallyDismissed,
} from '../../lib/queries/notices';
import './notice-banner.css';

/**
 * The newest live announcement marked as a banner, at the top of every page until dismissed. A
 * member's dismissal is kept by the server (every device); a signed-out visitor's in this browser.
 * Loaded on its own after the page painted (src/app/layout/root-layout.tsx).
 */
export default function NoticeBanner({ signedIn }: { signedIn: boolean }) {
  const { t, i18n } = useLingui();
  const banners = useQuery(bannersQuery(i18n.locale, signedIn));
  const [closed, setClosed] = useState<number[]>(locallyDismissed);
  const banner = banners.data?.banners.find((b) => !closed.includes(b.id));
  if (!banner) return null;

  const dismiss = () => {
    dismissLocally(banner.id);
    setClosed((ids) => [...ids, banner.id]);
    if (signedIn) void dismissNoticeBanner(banner.id).catch(() => undefined);
  };

  return (
    <section className="notice-banner" aria-label={t`Announcement`}>
      <div className="container notice-banner__inner">
        <div className="notice-banner__text">
          <strong className="notice-banner__title">{banner.title}</strong>{' '}
          <span className="notice-banner__body">{banner.body}</span>
          {signedIn && (
            <>
              {' '}
              <Link to="/user/notices" className="notice-banner__more">
                <Trans>All notices</Trans>
              </Link>
            </>
          )}
        </div>
        <button
          type="button"
          className="notice-banner__close"
          aria-label={t`Dismiss the announcement`}
          onClick={dismiss}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </section>
  );
}
