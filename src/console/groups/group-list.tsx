import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CONSOLE_GROUP_STATES,
  groupNoField,
  memberIdField,
  type ConsoleGroup,
  type ConsoleGroupState,
} from '../../../contract/endpoints/console';
import { ProductName, useDateTime, useMoney } from '../../components/formats';
import type { DataColumn } from '../../components/ui/data-table';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { groupListQuery, type GroupFilters } from '../api/console-queries';
import { ConsoleFilters, MemberIdFilter, typedError, useListFilters } from '../console-filters';
import { CONSOLE_PAGE_SIZE, PagedList } from '../paged-list';
import { GroupStateName, PaymentTypeName } from './group-names';
import { openColumn } from '../console-table';

interface Form {
  state: ConsoleGroupState | '';
  userId: string;
  groupId: string;
}

const EMPTY: Form = { state: '', userId: '', groupId: '' };

function filtersOf(form: Form, page: number): GroupFilters {
  return {
    ...(form.state ? { state: form.state } : {}),
    ...(form.userId.trim() ? { userId: Number(form.userId.trim()) } : {}),
    ...(form.groupId.trim() ? { groupId: form.groupId.trim() } : {}),
    page,
    pageSize: CONSOLE_PAGE_SIZE,
  };
}

/** Group buys, newest first, filtered by state, a member's groups or a group ID; paged. */
export function GroupList({ onOpen }: { onOpen: (groupId: string) => void }) {
  const { t } = useLingui();
  const money = useMoney();
  const dateTime = useDateTime();
  const { form, applied, page, setPage, set, apply, clear, shown } = useListFilters(
    EMPTY,
    (typed) => ({
      userId: typedError(memberIdField, typed.userId),
      groupId: typedError(groupNoField, typed.groupId),
    }),
  );
  const groups = useQuery(groupListQuery(filtersOf(applied, page)));

  const columns: DataColumn<ConsoleGroup>[] = [
    { key: 'group', header: t`Group ID`, rowHeader: true, cell: (g) => <code>{g.groupId}</code> },
    { key: 'creator', header: t`Creator`, cell: (g) => g.creatorId },
    {
      key: 'product',
      header: t`Product`,
      cell: (g) => <ProductName groupType={g.product.groupType} months={g.product.months} />,
    },
    {
      key: 'type',
      header: t`Who pays`,
      cell: (g) => <PaymentTypeName paymentType={g.paymentType} />,
    },
    {
      key: 'seats',
      header: t`Seats`,
      cell: (g) => (
        <Trans>
          {g.taken} of {g.size}
        </Trans>
      ),
    },
    { key: 'price', header: t`Seat price`, cell: (g) => money(g.seatPrice) },
    { key: 'state', header: t`State`, cell: (g) => <GroupStateName state={g.state} /> },
    { key: 'ends', header: t`Ends`, cell: (g) => (g.endsAt ? dateTime(g.endsAt) : '—') },
    openColumn(
      t`Actions`,
      (g) => t`Open group ${g.groupId}`,
      (g) => onOpen(g.groupId),
    ),
  ];

  return (
    <>
      <ConsoleFilters label={t`Filter the groups`} onApply={apply} onClear={clear}>
        <SelectField
          label={<Trans>State</Trans>}
          value={form.state}
          onChange={set('state')}
          anyLabel={<Trans>Any state</Trans>}
          options={CONSOLE_GROUP_STATES.map((state) => ({
            value: state,
            label: <GroupStateName state={state} />,
          }))}
        />
        <MemberIdFilter
          value={form.userId}
          onChange={set('userId')}
          hint={<Trans>Groups they created or hold a seat in.</Trans>}
          error={shown('userId')}
        />
        <TextField
          label={<Trans>Group ID</Trans>}
          value={form.groupId}
          onChange={set('groupId')}
          autoComplete="off"
          spellCheck={false}
          error={shown('groupId')}
        />
      </ConsoleFilters>
      <PagedList
        title={<Trans>Group buys</Trans>}
        testId="groups-total"
        query={groups}
        columns={columns}
        rowKey={(g) => g.groupId}
        empty={<Trans>No group matches.</Trans>}
        page={page}
        onPage={setPage}
      />
    </>
  );
}
