import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '../../../contract/endpoints/console';
import { type DataColumn } from '../../components/ui/data-table';
import { TextField } from '../../components/ui/text-field';
import { useDateTime } from '../../components/formats';
import { auditQuery, type AuditFilters } from '../api/console-queries';
import { useActorName } from '../actor-name';
import { ConsoleFilters, useListFilters } from '../console-filters';
import { ConsolePage } from '../console-page';
import { dayRange } from '../day-bound';
import { DayRangeFields, CONSOLE_PAGE_SIZE, PagedList } from '../paged-list';

interface Form {
  actor: string;
  action: string;
  from: string;
  to: string;
}

const EMPTY: Form = { actor: '', action: '', from: '', to: '' };

function filtersOf(form: Form, page: number): AuditFilters {
  return {
    ...(form.actor.trim() ? { actor: form.actor.trim() } : {}),
    ...(form.action.trim() ? { action: form.action.trim() } : {}),
    ...dayRange(form.from, form.to),
    page,
    pageSize: CONSOLE_PAGE_SIZE,
  };
}

/** Values before and after, as the server redacted them, folded: a row stays one line high. */
function Change({ before, after }: { before: unknown; after: unknown }) {
  if (before == null && after == null) return <span className="console-muted">—</span>;
  return (
    <details className="console-change">
      <summary>
        {before != null && after != null ? (
          <Trans>Before and after</Trans>
        ) : before != null ? (
          <Trans>Before</Trans>
        ) : (
          <Trans>After</Trans>
        )}
      </summary>
      {before != null && (
        <>
          <span className="console-change__label">
            <Trans>Before</Trans>
          </span>
          <pre>{JSON.stringify(before, null, 1)}</pre>
        </>
      )}
      {after != null && (
        <>
          <span className="console-change__label">
            <Trans>After</Trans>
          </span>
          <pre>{JSON.stringify(after, null, 1)}</pre>
        </>
      )}
    </details>
  );
}

function AuditSection() {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const { form, applied, page, setPage, set, apply, clear } = useListFilters(EMPTY);
  const audit = useQuery(auditQuery(filtersOf(applied, page)));

  const actorName = useActorName();

  const columns: DataColumn<AuditEntry>[] = [
    { key: 'at', header: t`When`, rowHeader: true, cell: (entry) => dateTime(entry.at) },
    { key: 'actor', header: t`Who`, cell: (entry) => actorName(entry.actor) },
    {
      key: 'action',
      header: t`Action`,
      cell: (entry) => <code className="console-action">{entry.action}</code>,
    },
    { key: 'target', header: t`Target`, cell: (entry) => entry.target ?? '—' },
    { key: 'ip', header: t`IP`, cell: (entry) => entry.ip ?? '—' },
    {
      key: 'change',
      header: t`Change`,
      className: 'console-table__change',
      cell: (entry) => <Change before={entry.before} after={entry.after} />,
    },
  ];

  return (
    <>
      <ConsoleFilters label={t`Filter the audit trail`} onApply={apply} onClear={clear}>
        <TextField
          label={<Trans>Who</Trans>}
          value={form.actor}
          onChange={set('actor')}
          hint={<Trans>A staff username, cli or anonymous.</Trans>}
          autoComplete="off"
        />
        <TextField
          label={<Trans>Action</Trans>}
          value={form.action}
          onChange={set('action')}
          hint={<Trans>e.g. staff.role, or staff. for all staff actions.</Trans>}
          autoComplete="off"
        />
        <DayRangeFields from={form.from} to={form.to} onFrom={set('from')} onTo={set('to')} />
      </ConsoleFilters>
      <PagedList
        title={<Trans>Entries</Trans>}
        testId="audit-total"
        query={audit}
        columns={columns}
        rowKey={(entry) => entry.id}
        caption={<Trans>Audit trail</Trans>}
        empty={<Trans>No entries match.</Trans>}
        page={page}
        onPage={setPage}
      />
    </>
  );
}

/** /admin/audit (owners): the append-only trail, filtered by who, action and days, paged. */
export default function ConsoleAuditPage() {
  return (
    <ConsolePage permission="audit.read" title={<Trans>Audit trail</Trans>}>
      <AuditSection />
    </ConsolePage>
  );
}
