import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { memberIdField, type ConsoleOrder } from '../../../contract/endpoints/console';
import {
  ORDER_METHODS,
  ORDER_STATUSES,
  type OrderMethodName,
  type OrderStatusName,
} from '../../../contract/endpoints/payment';
import { ProductName, useDateTime, useMoney } from '../../components/formats';
import { MethodName } from '../../components/method-name';
import { StatusName } from '../../components/order-status';
import type { DataColumn } from '../../components/ui/data-table';
import { SelectField } from '../../components/ui/select-field';
import { orderListQuery, type OrderFilters } from '../api/console-queries';
import { ConsoleFilters, MemberIdFilter, typedError, useListFilters } from '../console-filters';
import { dayRange } from '../day-bound';
import { DayRangeFields, CONSOLE_PAGE_SIZE, PagedList } from '../paged-list';
import { openColumn } from '../console-table';

interface Form {
  status: OrderStatusName | '';
  method: OrderMethodName | '';
  currency: 'CNY' | 'USD' | '';
  userId: string;
  from: string;
  to: string;
}

const EMPTY: Form = { status: '', method: '', currency: '', userId: '', from: '', to: '' };

function filtersOf(form: Form, page: number): OrderFilters {
  return {
    ...(form.status ? { status: form.status } : {}),
    ...(form.method ? { method: form.method } : {}),
    ...(form.currency ? { currency: form.currency } : {}),
    ...(form.userId.trim() ? { userId: Number(form.userId.trim()) } : {}),
    ...dayRange(form.from, form.to),
    page,
    pageSize: CONSOLE_PAGE_SIZE,
  };
}

/** Orders, newest first, filtered by status, method, currency, member and days; paged. */
export function OrderList({ onOpen }: { onOpen: (orderId: string) => void }) {
  const { t } = useLingui();
  const money = useMoney();
  const dateTime = useDateTime();
  const { form, applied, page, setPage, set, apply, clear, shown } = useListFilters(
    EMPTY,
    (typed) => ({ userId: typedError(memberIdField, typed.userId) }),
  );
  const orders = useQuery(orderListQuery(filtersOf(applied, page)));

  const columns: DataColumn<ConsoleOrder>[] = [
    { key: 'order', header: t`Order ID`, rowHeader: true, cell: (o) => <code>{o.orderId}</code> },
    { key: 'member', header: t`Member`, cell: (o) => o.userId },
    {
      key: 'product',
      header: t`Product`,
      cell: (o) => <ProductName groupType={o.product.groupType} months={o.product.months} />,
    },
    { key: 'method', header: t`Method`, cell: (o) => <MethodName method={o.method as never} /> },
    {
      key: 'total',
      header: t({ message: 'Total', context: 'an order' }),
      cell: (o) => money(o.total),
    },
    { key: 'status', header: t`Status`, cell: (o) => <StatusName status={o.status as never} /> },
    { key: 'created', header: t`Created`, cell: (o) => dateTime(o.createdAt) },
    openColumn(
      t`Actions`,
      (o) => t`Open order ${o.orderId}`,
      (o) => onOpen(o.orderId),
    ),
  ];

  return (
    <>
      <ConsoleFilters label={t`Filter the orders`} onApply={apply} onClear={clear}>
        <SelectField
          label={<Trans>Status</Trans>}
          value={form.status}
          onChange={set('status')}
          anyLabel={<Trans>Any status</Trans>}
          options={ORDER_STATUSES.map((status) => ({
            value: status,
            label: <StatusName status={status} />,
          }))}
        />
        <SelectField
          label={<Trans>Method</Trans>}
          value={form.method}
          onChange={set('method')}
          anyLabel={<Trans>Any method</Trans>}
          options={ORDER_METHODS.map((method) => ({
            value: method,
            label: <MethodName method={method} />,
          }))}
        />
        <SelectField
          label={<Trans>Currency</Trans>}
          value={form.currency}
          onChange={set('currency')}
          anyLabel={<Trans>Any currency</Trans>}
          options={[
            { value: 'CNY', label: 'CNY' },
            { value: 'USD', label: 'USD' },
          ]}
        />
        <MemberIdFilter value={form.userId} onChange={set('userId')} error={shown('userId')} />
        <DayRangeFields from={form.from} to={form.to} onFrom={set('from')} onTo={set('to')} />
      </ConsoleFilters>
      <PagedList
        title={<Trans>Orders</Trans>}
        testId="orders-total"
        query={orders}
        columns={columns}
        rowKey={(o) => o.orderId}
        empty={<Trans>No order matches.</Trans>}
        page={page}
        onPage={setPage}
      />
    </>
  );
}
