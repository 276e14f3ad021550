import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
import { Pager } from '../../components/ui/pager';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { TitledCard } from '../../components/titled-card';
import { useErrorText } from '../../i18n/use-error-text';
import { fieldError } from '../../lib/validate';
import { orderListQuery, type OrderFilters } from '../api/console-queries';
import { ConsoleTable } from '../console-table';
import { dayRange } from '../day-bound';

const PAGE_SIZE = 25;

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
    pageSize: PAGE_SIZE,
  };
}

/** Orders, newest first, filtered by status, method, currency, member and days; paged. */
export function OrderList({ onOpen }: { onOpen: (orderId: string) => void }) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const money = useMoney();
  const dateTime = useDateTime();
  const [form, setForm] = useState<Form>(EMPTY);
  const [applied, setApplied] = useState<Form>(EMPTY);
  const [userIdError, setUserIdError] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const orders = useQuery({
    ...orderListQuery(filtersOf(applied, page)),
    placeholderData: keepPreviousData,
  });
  const total = orders.data?.total ?? 0;

  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const refused = form.userId.trim() ? fieldError(memberIdField, form.userId.trim()) : null;
    setUserIdError(refused);
    if (refused !== null) return;
    setApplied(form);
    setPage(1);
  };

  const columns: DataColumn<ConsoleOrder>[] = [
    { key: 'order', header: t`Order ID`, rowHeader: true, cell: (o) => <code>{o.orderId}</code> },
    { key: 'member', header: t`Member`, cell: (o) => o.userId },
    {
      key: 'product',
      header: t`Product`,
      cell: (o) => <ProductName groupType={o.product.groupType} months={o.product.months} />,
    },
    { key: 'method', header: t`Method`, cell: (o) => <MethodName method={o.method as never} /> },
    { key: 'total', header: t`Total`, cell: (o) => money(o.total) },
    { key: 'status', header: t`Status`, cell: (o) => <StatusName status={o.status as never} /> },
    { key: 'created', header: t`Created`, cell: (o) => dateTime(o.createdAt) },
    {
      key: 'open',
      header: t`Actions`,
      hideHeader: true,
      label: null,
      className: 'console-table__actions',
      cell: (o) => (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-label={t`Open order ${o.orderId}`}
          onClick={() => onOpen(o.orderId)}
        >
          <Trans>Open</Trans>
        </button>
      ),
    },
  ];

  return (
    <>
      <form
        className="console-panel console-filters card"
        aria-label={t`Filter the orders`}
        noValidate
        onSubmit={apply}
      >
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
        <TextField
          label={<Trans>Member ID</Trans>}
          value={form.userId}
          onChange={set('userId')}
          inputMode="numeric"
          autoComplete="off"
          error={userIdError === null ? null : errorText(userIdError)}
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
              setUserIdError(null);
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
            <Trans>Orders</Trans>{' '}
            <span className="console-muted" aria-live="polite" data-testid="orders-total">
              {orders.data ? t`(${total} in all)` : ''}
            </span>
          </>
        }
      >
        <ConsoleTable
          query={orders}
          rows={orders.data?.items}
          columns={columns}
          rowKey={(o) => o.orderId}
          caption={<Trans>Orders</Trans>}
          empty={<Trans>No order matches.</Trans>}
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
