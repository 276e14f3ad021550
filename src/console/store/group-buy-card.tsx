import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  STORE_CURRENCIES,
  consoleStoreGroupEnabled,
  consoleStoreGroupHours,
  consoleStoreGroupPrice,
  type GroupBuyStore,
  type StoreCurrency,
} from '../../../contract/endpoints/console';
import { type DataColumn } from '../../components/ui/data-table';
import { SelectField } from '../../components/ui/select-field';
import { SubmitButton } from '../../components/ui/submit-button';
import { useMoney } from '../../components/formats';
import { TitledCard } from '../../components/titled-card';
import { consoleCall } from '../api/console-client';
import { storeGroupBuyQuery } from '../api/console-queries';
import { ConsoleTable, ReadFailure, Loading } from '../console-table';
import { ConsoleForm, RefusalNotice } from '../form-dialog';
import { CurrencyField, ProductIdField } from './plan-fields';
import { minorOf, useStoreAct, wholeOf } from './store-act';
import { SmallButton } from '../small-button';
import { PriceField, WholeField } from './number-fields';

type Seat = GroupBuyStore['prices'][number];

/** One plan and group size, with its seat price in each currency (one row, not one per currency). */
interface SeatRow {
  readonly planId: number;
  readonly size: number;
  readonly prices: Partial<Record<StoreCurrency, Seat>>;
}

function seatRows(prices: readonly Seat[]): SeatRow[] {
  const rows = new Map<string, SeatRow>();
  for (const seat of prices) {
    const key = `${seat.planId}-${seat.size}`;
    const row = rows.get(key) ?? { planId: seat.planId, size: seat.size, prices: {} };
    rows.set(key, { ...row, prices: { ...row.prices, [seat.currency]: seat } });
  }
  return [...rows.values()];
}

function SeatPriceForm() {
  const [planId, setPlanId] = useState('');
  const [size, setSize] = useState<'2' | '3'>('2');
  const [currency, setCurrency] = useState<StoreCurrency>('CNY');
  const [amount, setAmount] = useState('');
  const act = useStoreAct();
  const send = (remove: boolean) =>
    void act.run(() =>
      consoleCall(consoleStoreGroupPrice, {
        planId: wholeOf(planId),
        size: Number(size),
        currency,
        amount: remove ? null : minorOf(amount),
      }),
    );
  return (
    <ConsoleForm onSubmit={() => send(false)}>
      <RefusalNotice failure={act.failure} />
      <ProductIdField value={planId} onChange={setPlanId} />
      <SelectField
        label={<Trans>Group size</Trans>}
        value={size}
        onChange={(value) => value && setSize(value)}
        options={[
          { value: '2', label: '2' },
          { value: '3', label: '3' },
        ]}
      />
      <CurrencyField value={currency} onChange={setCurrency} />
      <PriceField
        label={<Trans>Seat price</Trans>}
        value={amount}
        onChange={setAmount}
        autoComplete="off"
      />
      <div className="console-actions">
        <SubmitButton pending={act.pending}>
          <Trans>Set the seat price</Trans>
        </SubmitButton>{' '}
        <button
          type="button"
          className="btn btn-secondary"
          disabled={act.pending}
          onClick={() => send(true)}
        >
          <Trans>Remove it</Trans>
        </button>
      </div>
    </ConsoleForm>
  );
}

function HoursForm({ hours }: { hours: number }) {
  const [value, setValue] = useState(String(hours));
  const act = useStoreAct();
  return (
    <ConsoleForm
      row
      onSubmit={() =>
        void act.run(() => consoleCall(consoleStoreGroupHours, { hours: wholeOf(value) }))
      }
    >
      <RefusalNotice failure={act.failure} />
      <WholeField
        label={<Trans>Hours an open group lasts</Trans>}
        value={value}
        onChange={setValue}
        hint={<Trans>1 to 720; groups opened from now.</Trans>}
      />
      <SubmitButton pending={act.pending}>
        <Trans>Save the hours</Trans>
      </SubmitButton>
    </ConsoleForm>
  );
}

/** Group buy's store half: the switch, the hours and the seat prices. */
export function GroupBuyCard() {
  const { t } = useLingui();
  const money = useMoney();
  const store = useQuery(storeGroupBuyQuery);
  const act = useStoreAct();
  const columns: DataColumn<SeatRow>[] = [
    { key: 'plan', header: t`Product ID`, rowHeader: true, cell: (r) => r.planId },
    { key: 'size', header: t`Group size`, cell: (r) => r.size },
    ...STORE_CURRENCIES.map((currency): DataColumn<SeatRow> => ({
      key: currency,
      header: t`Seat price (${currency})`,
      cell: (r) => {
        const seat = r.prices[currency];
        return seat ? money(seat) : '—';
      },
    })),
  ];
  return (
    <TitledCard look="console-panel" title={<Trans>Group buy</Trans>}>
      {store.isError && <ReadFailure query={store} />}
      {store.isPending && <Loading />}
      {store.data && (
        <>
          <p>
            {store.data.enabled ? (
              <Trans>Group buy is on: members can start and join groups.</Trans>
            ) : (
              <Trans>Group buy is off: new groups and joins are refused; open groups go on.</Trans>
            )}{' '}
            <SmallButton
              disabled={act.pending}
              onClick={() =>
                void act.run(() =>
                  consoleCall(consoleStoreGroupEnabled, { enabled: !store.data.enabled }),
                )
              }
            >
              {store.data.enabled ? <Trans>Turn off</Trans> : <Trans>Turn on</Trans>}
            </SmallButton>
          </p>
          <RefusalNotice failure={act.failure} />
          <HoursForm key={store.data.hours} hours={store.data.hours} />
          <ConsoleTable
            rows={seatRows(store.data.prices)}
            columns={columns}
            rowKey={(r) => `${r.planId}-${r.size}`}
            caption={<Trans>Seat prices</Trans>}
            empty={<Trans>No seat price: no plan is offered in a group.</Trans>}
          />
          <SeatPriceForm />
        </>
      )}
    </TitledCard>
  );
}
