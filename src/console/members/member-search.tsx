import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberSummary } from '../../../contract/endpoints/console';
import { Errors } from '../../../contract/errors';
import { type DataColumn } from '../../components/ui/data-table';
import { SubmitButton } from '../../components/ui/submit-button';
import { TitledCard } from '../../components/titled-card';
import { useErrorText } from '../../i18n/use-error-text';
import { memberSearchQuery } from '../api/console-queries';
import { ConsoleTable, openColumn } from '../console-table';
import { StateBadge } from '../state-badge';
import { MembershipCell } from './membership-cell';
import { VerbatimField } from '../console-fields';

/** One search box, exact matches only (the server's rule), and the members it found. */
export function MemberSearch({ onOpen }: { onOpen: (userId: number) => void }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [error, setError] = useState<number | null>(null);
  const results = useQuery(memberSearchQuery(query));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = typed.trim();
    setError(q === '' ? Errors.REQUIRED_SEARCH.code : null);
    if (q !== '') setQuery(q);
  };

  const columns: DataColumn<MemberSummary>[] = [
    { key: 'id', header: t`User ID`, rowHeader: true, cell: (m) => m.id },
    { key: 'username', header: t`Username`, cell: (m) => m.username ?? '—' },
    { key: 'email', header: t`Email`, cell: (m) => m.email ?? '—' },
    { key: 'phone', header: t`Phone`, cell: (m) => m.phone ?? '—' },
    { key: 'membership', header: t`Membership`, cell: (m) => <MembershipCell member={m} /> },
    { key: 'state', header: t`Status`, cell: (m) => <StateBadge disabled={m.disabled} /> },
    openColumn(
      t`Actions`,
      (m) => t`Open member ${m.id}`,
      (m) => onOpen(m.id),
    ),
  ];

  return (
    <TitledCard look="console-panel" title={<Trans>Find a member</Trans>}>
      <form className="console-form console-form--row" noValidate onSubmit={submit}>
        <VerbatimField
          label={<Trans>User ID, username, email or phone</Trans>}
          value={typed}
          onChange={setTyped}
          error={error === null ? null : errorText(error)}
          hint={<Trans>Exact matches only: 325 does not find 1325.</Trans>}
        />
        <SubmitButton pending={results.isFetching}>
          <Trans>Search</Trans>
        </SubmitButton>
      </form>
      {query !== '' && (
        <ConsoleTable
          query={results}
          rows={results.data?.members}
          columns={columns}
          rowKey={(m) => m.id}
          caption={<Trans>Members found</Trans>}
          empty={<Trans>No member is exactly “{query}”.</Trans>}
        />
      )}
    </TitledCard>
  );
}
