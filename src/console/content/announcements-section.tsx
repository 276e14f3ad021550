import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleAnnouncementDelete,
  consoleAnnouncementWithdraw,
  type AnnouncementState,
  type ConsoleAnnouncement,
} from '../../../contract/endpoints/console-content';
import type { DataColumn } from '../../components/ui/data-table';
import { useDateTime } from '../../components/formats';
import { consoleCall } from '../api/console-client';
import { announcementsQuery } from '../api/console-queries';
import { useQuestion } from '../confirmed-act';
import { actionsColumn } from '../console-table';
import '../../components/ui/badge.css';
import { AnnouncementForm } from './announcement-form';
import { ChangeButton, ContentListSection, useContentList } from './content-list';
import { SmallButton } from '../small-button';

function StateBadge({ state }: { state: AnnouncementState }) {
  switch (state) {
    case 'live':
      return (
        <span className="badge badge--ok">
          <Trans>Live</Trans>
        </span>
      );
    case 'scheduled':
      return (
        <span className="badge badge--warn">
          <Trans>Scheduled</Trans>
        </span>
      );
    case 'ended':
      return (
        <span className="badge badge--muted">
          <Trans>Ended</Trans>
        </span>
      );
    default:
      return (
        <span className="badge badge--muted">
          <Trans>Withdrawn</Trans>
        </span>
      );
  }
}

/**
 * Announcements to members (docs/console.md "Content"): the form, then the list with each one's
 * state; change, withdraw, and delete one nobody read.
 */
export function AnnouncementsSection() {
  const { t, i18n } = useLingui();
  const dateTime = useDateTime();
  const list = useQuery(announcementsQuery);
  const { editing, edit, form, act, pending, frame } = useContentList<ConsoleAnnouncement>(
    announcementsQuery.queryKey,
  );
  const question = useQuestion(act, pending);
  const chinese = i18n.locale.startsWith('zh');

  const titleOf = (a: ConsoleAnnouncement) => (chinese ? a.titleZh : a.titleEn);

  const askWithdraw = (a: ConsoleAnnouncement) =>
    question.ask({
      title: <Trans>Withdraw “{titleOf(a)}”?</Trans>,
      text: (
        <Trans>
          Members no longer see it, nor its banner. It stays here and in the audit trail; it cannot
          be published again.
        </Trans>
      ),
      label: <Trans>Withdraw</Trans>,
      run: () => consoleCall(consoleAnnouncementWithdraw, { id: a.id }),
    });
  const askDelete = (a: ConsoleAnnouncement) =>
    question.ask({
      title: <Trans>Delete “{titleOf(a)}”?</Trans>,
      text: (
        <Trans>
          No member has read it yet. It is removed for good (the audit trail keeps its text).
        </Trans>
      ),
      label: <Trans>Delete</Trans>,
      run: () => consoleCall(consoleAnnouncementDelete, { id: a.id }),
    });

  const columns: DataColumn<ConsoleAnnouncement>[] = [
    { key: 'title', header: t`Title`, rowHeader: true, cell: titleOf },
    { key: 'state', header: t`State`, cell: (a) => <StateBadge state={a.state} /> },
    {
      key: 'window',
      header: t`Shown`,
      cell: (a) => (
        <>
          {a.startsAt ? dateTime(a.startsAt) : dateTime(a.createdAt)}
          {' – '}
          {a.endsAt ? dateTime(a.endsAt) : t`until withdrawn`}
        </>
      ),
    },
    { key: 'banner', header: t`Banner`, cell: (a) => (a.banner ? t`Yes` : t`No`) },
    { key: 'reads', header: t`Read by`, cell: (a) => a.reads },
    actionsColumn(t`Actions`, (a) =>
      a.state === 'withdrawn' ? null : (
        <>
          <ChangeButton name={t`Change “${titleOf(a)}”`} onClick={() => edit(a)} />
          <SmallButton label={t`Withdraw “${titleOf(a)}”`} onClick={() => askWithdraw(a)}>
            <Trans>Withdraw</Trans>
          </SmallButton>
          {a.reads === 0 && (
            <SmallButton label={t`Delete “${titleOf(a)}”`} onClick={() => askDelete(a)}>
              <Trans>Delete</Trans>
            </SmallButton>
          )}
        </>
      ),
    ),
  ];

  return (
    <>
      <ContentListSection
        form={<AnnouncementForm key={editing?.id ?? 'new'} editing={editing} {...form} />}
        frame={frame}
        savedNote={<Trans>Saved. Members see it from its start.</Trans>}
        title={<Trans>Announcements</Trans>}
        query={list}
        rows={list.data?.announcements}
        columns={columns}
        rowKey={(a) => a.id}
        empty={<Trans>No announcements yet.</Trans>}
      />
      {question.dialog}
    </>
  );
}
