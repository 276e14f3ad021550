import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditEntry } from '../../../contract/endpoints/console';
import { type DataColumn } from '../../components/ui/data-table';
import { Pager } from '../../components/ui/pager';
import { TextField } from '../../components/ui/text-field';
import { useDateTime } from '../../components/formats';
import { TitledCard } from '../../components/titled-card';
import { auditQuery, type AuditFilters } from '../api/console-queries';
import { Permitted } from '../console-forbidden';
import { ConsoleTable } from '../console-table';

const PAGE_SIZE = 25;

interface Form {
  actor: string;
  action: string;
  from: string;
  to: string;
}

const EMPTY: Form = { actor: '', action: '', from: '', to: '' };

/** A date field's day (local time) as the start or the end of that day, in ISO form. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const at = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

function filtersOf(form: Form, page: number): AuditFilters {
  return {
    ...(form.actor.trim() ? { actor: form.actor.trim() } : {}),
    ...(form.action.trim() ? { action: form.action.trim() } : {}),
    ...(dayBound(form.from, false) ? { from: dayBound(form.from, false) } : {}),
    ...(dayBound(form.to, true) ? { to: dayBound(form.to, true) } : {}),
    page,
    pageSize: PAGE_SIZE,
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
  const formId = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [applied, setApplied] = useState<Form>(EMPTY);
  const [page, setPage] = useState(1);
  const audit = useQuery({
    ...auditQuery(filtersOf(applied, page)),
    placeholderData: keepPreviousData,
  });
  const total = audit.data?.total ?? 0;

  const set = (key: keyof Form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(form);
    setPage(1);
  };

  const actorText = (entry: AuditEntry) =>
    entry.actor.kind === 'cli'
      ? t`CLI`
      : entry.actor.kind === 'anonymous'
        ? t`Unknown (${entry.actor.username ?? ''})`
        : (entry.actor.username ?? `#${entry.actor.staffId ?? ''}`);

  const columns: DataColumn<AuditEntry>[] = [
    { key: 'at', header: t`When`, rowHeader: true, cell: (entry) => dateTime(entry.at) },
    { key: 'actor', header: t`Who`, cell: actorText },
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
      <form
        id={formId}
        className="console-panel console-filters card"
        aria-label={t`Filter the audit trail`}
        noValidate
        onSubmit={apply}
      >
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
        <TextField
          label={<Trans>From</Trans>}
          type="date"
          value={form.from}
          onChange={set('from')}
        />
        <TextField label={<Trans>To</Trans>} type="date" value={form.to} onChange={set('to')} />
        <div className="console-filters__buttons">
          <button type="submit" className="btn btn-primary">
            <Trans>Filter</Trans>
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setForm(EMPTY);
              setApplied(EMPTY);
              setPage(1);
            }}
          >
            <Trans>Clear</Trans>
          </button>
        </div>
      </form>
      <TitledCard
        look="console-panel"
        title={
          <>
            <Trans>Entries</Trans>{' '}
            <span className="console-muted" aria-live="polite" data-testid="audit-total">
              {audit.data ? t`(${total} in all)` : ''}
            </span>
          </>
        }
      >
        <ConsoleTable
          query={audit}
          rows={audit.data?.items}
          columns={columns}
          rowKey={(entry) => entry.id}
          caption={<Trans>Audit trail</Trans>}
          empty={<Trans>No entries match.</Trans>}
        />
        <Pager
          className="console-pager"
          page={page}
          total={total}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          back={<Trans>Newer</Trans>}
          forward={<Trans>Older</Trans>}
        />
      </TitledCard>
    </>
  );
}

/** /admin/audit (owners): the append-only trail, filtered by who, action and days, paged. */
export default function ConsoleAuditPage() {
  return (
    <Permitted permission="audit.read">
      <div className="console-page">
        <h1 className="console-page__title">
          <Trans>Audit trail</Trans>
        </h1>
        <AuditSection />
      </div>
    </Permitted>
  );
}
