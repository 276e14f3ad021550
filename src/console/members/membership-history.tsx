import { Trans, useLingui } from '@lingui/react/macro';
import type { MemberRecord } from '../../../contract/endpoints/console';
import { Duration, useDateTime } from '../../components/formats';
import { type DataColumn } from '../../components/ui/data-table';
import { useActorName } from '../actor-name';
import { RecordTable } from '../console-table';

type Grant = MemberRecord['grants'][number];

/** What gave or took the time, in an operator's words (server/db/schema.ts `GrantSource`). */
function GrantSourceName({ grant }: { grant: Grant }) {
  switch (grant.source) {
    case 'order':
      return <Trans>Purchase</Trans>;
    case 'refund':
      return <Trans>Refund</Trans>;
    case 'redeem':
      return <Trans>Redeem code</Trans>;
    case 'trial':
      return <Trans>Free trial</Trans>;
    case 'invite_trial':
      return <Trans>Trial for signing up with an invite</Trans>;
    case 'invite_reward':
      return <Trans>Reward for a friend's purchase</Trans>;
    case 'group':
      return <Trans>Group buy</Trans>;
    case 'admin':
      return grant.sourceRef.startsWith('bulk:') ? (
        <Trans>Outage compensation</Trans>
      ) : (
        <Trans>Changed by an operator</Trans>
      );
    default:
      return <code>{grant.source}</code>;
  }
}

/** Time given (+) or taken back (−): whole days, or hours below a day. */
function Change({ seconds }: { seconds: number }) {
  return (
    <>
      {seconds < 0 ? '−' : '+'}
      <Duration seconds={Math.abs(seconds)} />
    </>
  );
}

/**
 * The membership ledger, newest first: each grant or take-back with its source and the expiry it
 * left; an operator's change with their reason and name (the audit trail's).
 */
export function MembershipHistory({ record }: { record: MemberRecord }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const actorName = useActorName();
  const columns: DataColumn<Grant>[] = [
    { key: 'when', header: t`When`, rowHeader: true, cell: (g) => dateTime(g.createdAt) },
    {
      key: 'change',
      header: t`Change`,
      className: 'console-table__figure',
      cell: (g) => <Change seconds={g.seconds} />,
    },
    { key: 'source', header: t`Source`, cell: (g) => <GrantSourceName grant={g} /> },
    { key: 'reason', header: t`Reason`, cell: (g) => g.reason ?? '—' },
    { key: 'who', header: t`Who`, cell: (g) => (g.by ? actorName(g.by) : '—') },
    { key: 'expiry', header: t`Expiry after`, cell: (g) => dateTime(g.expireAfter) },
  ];
  return (
    <RecordTable
      title={<Trans>Membership history</Trans>}
      rows={record.grants}
      columns={columns}
      rowKey={(g) => `${g.source}:${g.sourceRef}`}
      empty={<Trans>No membership change.</Trans>}
    />
  );
}
