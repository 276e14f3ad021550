import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Notice } from '../../../contract/endpoints/notices';
import { formatDateTime } from '../../i18n/intl-format';
import { markNoticeRead, noticesQuery } from '../../lib/queries/notices';
import '../../components/ui/badge.css';
import './notices.css';

function NoticeItem({ notice, onOpen }: { notice: Notice; onOpen: (notice: Notice) => void }) {
  const { i18n } = useLingui();
  const date = formatDateTime(i18n.locale, { dateStyle: 'long' }, notice.publishedAt);
  return (
    <li className="card notice">
      <details
        onToggle={(event) => {
          if ((event.currentTarget as HTMLDetailsElement).open) onOpen(notice);
        }}
      >
        <summary className="notice__summary">
          <span className="notice__title">{notice.title}</span>
          <span className="notice__meta">
            {!notice.read && (
              <span className="badge badge--hot">
                <Trans>Unread</Trans>
              </span>
            )}
            <time dateTime={notice.publishedAt}>{date}</time>
            <span className="notice__chevron" aria-hidden="true">
              ▾
            </span>
          </span>
        </summary>
        <p className="notice__body">{notice.body}</p>
      </details>
    </li>
  );
}

/** /user/notices: the live announcements, newest first; opening one marks it read. */
export default function NoticesPage() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const notices = useQuery(noticesQuery(i18n.locale));
  const open = (notice: Notice) => {
    if (!notice.read) void markNoticeRead(queryClient, notice.id);
  };

  return (
    <main className="notices">
      <h1 className="page-title">
        <Trans>Notices</Trans>
      </h1>
      {notices.data && (
        <p className="notices__lead" role="status">
          {notices.data.unread === 0 ? (
            <Trans>You have read every notice.</Trans>
          ) : (
            <Trans>Unread: {notices.data.unread}</Trans>
          )}
        </p>
      )}
      {notices.isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {notices.data?.notices.length === 0 && (
        <p className="card notices__empty">
          <Trans>No notices right now.</Trans>
        </p>
      )}
      {notices.data && notices.data.notices.length > 0 && (
        <ul className="notices__list">
          {notices.data.notices.map((notice) => (
            <NoticeItem key={notice.id} notice={notice} onOpen={open} />
          ))}
        </ul>
      )}
    </main>
  );
}
