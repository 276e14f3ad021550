import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleStorePlanActive,
  consoleStorePlanAdd,
  consoleStorePlanPrice,
  type StoreCurrency,
  type StorePlan,
} from '../../../contract/endpoints/console';
import { type DataColumn } from '../../components/ui/data-table';
import { CheckField } from '../../components/ui/check-field';
import { ProductName, useMoney } from '../../components/formats';
import { consoleCall } from '../api/console-client';
import { storePlansQuery } from '../api/console-queries';
import { actionsColumn } from '../console-table';
import { FormDialog } from '../form-dialog';
import {
  CurrencyField,
  GroupTypeField,
  ProductIdField,
  groupTypeOf,
  type GroupTypeChoice,
} from './plan-fields';
import { StoreListCard } from './store-list-card';
import { minorOf, useStoreAct, useStoreCreate, wholeOf } from './store-act';
import { SmallButton } from '../small-button';
import { PriceField, WholeField } from './number-fields';

function PriceDialog({ plan, onClose }: { plan: StorePlan; onClose: () => void }) {
  const [currency, setCurrency] = useState<StoreCurrency>('CNY');
  const [amount, setAmount] = useState('');
  const act = useStoreAct();
  const submit = async () => {
    const done = await act.run(() =>
      consoleCall(consoleStorePlanPrice, { planId: plan.id, currency, amount: minorOf(amount) }),
    );
    if (done) onClose();
  };
  return (
    <FormDialog
      title={<Trans>Set a price of plan {plan.id}</Trans>}
      text={<Trans>New orders pay this price; orders already placed keep theirs.</Trans>}
      label={<Trans>Set the price</Trans>}
      act={act}
      onCancel={onClose}
      onSubmit={submit}
    >
      <CurrencyField value={currency} onChange={setCurrency} />
      <PriceField
        label={<Trans>Price</Trans>}
        value={amount}
        onChange={setAmount}
        autoComplete="off"
        hint={<Trans>In {currency}, e.g. 28.80.</Trans>}
      />
    </FormDialog>
  );
}

function AddPlanDialog({ onClose }: { onClose: () => void }) {
  const [id, setId] = useState('');
  const [groupType, setGroupType] = useState<GroupTypeChoice>('1');
  const [months, setMonths] = useState('');
  const [days, setDays] = useState('');
  const [devices, setDevices] = useState('');
  const [sort, setSort] = useState('');
  const [recommended, setRecommended] = useState(false);
  const [cny, setCny] = useState('');
  const [usd, setUsd] = useState('');
  const { act, create } = useStoreCreate(consoleStorePlanAdd, onClose);
  const input = () => ({
    id: wholeOf(id),
    groupType: groupTypeOf(groupType),
    months: wholeOf(months),
    // Left empty: the contract's defaults (365 days a year or 30 a month; positioned by months).
    ...(days.trim() ? { days: wholeOf(days) } : {}),
    devices: wholeOf(devices),
    ...(sort.trim() ? { sort: wholeOf(sort) } : {}),
    recommended,
    prices: [
      ...(cny.trim() ? [{ currency: 'CNY', amount: minorOf(cny) }] : []),
      ...(usd.trim() ? [{ currency: 'USD', amount: minorOf(usd) }] : []),
    ],
  });
  return (
    <FormDialog
      title={<Trans>Add a plan</Trans>}
      text={<Trans>On sale at once. A year is 365 days, a month 30.</Trans>}
      label={<Trans>Add the plan</Trans>}
      act={act}
      onCancel={onClose}
      onSubmit={() => create(input())}
    >
      <ProductIdField value={id} onChange={setId} />
      <GroupTypeField value={groupType} onChange={setGroupType} />
      <WholeField label={<Trans>Months</Trans>} value={months} onChange={setMonths} />
      <WholeField
        label={<Trans>Days of membership</Trans>}
        value={days}
        onChange={setDays}
        hint={<Trans>Leave empty for 365 a year or 30 a month.</Trans>}
      />
      <WholeField label={<Trans>Devices allowed</Trans>} value={devices} onChange={setDevices} />
      <WholeField
        label={<Trans>Position on the pricing page</Trans>}
        value={sort}
        onChange={setSort}
        hint={<Trans>Smaller numbers come first; leave empty to order by months.</Trans>}
      />
      <CheckField checked={recommended} onChange={setRecommended}>
        <Trans>Recommended (highlighted on the pricing page)</Trans>
      </CheckField>
      <PriceField label={<Trans>Price in CNY</Trans>} value={cny} onChange={setCny} />
      <PriceField label={<Trans>Price in USD</Trans>} value={usd} onChange={setUsd} />
    </FormDialog>
  );
}

/** The plans with their prices; set a price, take a plan off sale or put it back, add a plan. */
export function PlansCard() {
  const { t } = useLingui();
  const money = useMoney();
  const plans = useQuery(storePlansQuery);
  const act = useStoreAct();
  const [pricing, setPricing] = useState<StorePlan | null>(null);
  const [adding, setAdding] = useState(false);
  const priceIn = (plan: StorePlan, currency: StoreCurrency) => {
    const price = plan.prices.find((p) => p.currency === currency);
    return price ? money(price) : '–';
  };
  const columns: DataColumn<StorePlan>[] = [
    { key: 'id', header: t`Product ID`, rowHeader: true, cell: (p) => p.id },
    {
      key: 'plan',
      header: t`Plan`,
      cell: (p) => <ProductName groupType={p.groupType} months={p.months} />,
    },
    { key: 'days', header: t`Days`, cell: (p) => p.durationDays },
    {
      key: 'devices',
      header: t({ message: 'Devices', context: 'a count' }),
      cell: (p) => p.maxDevices,
    },
    { key: 'position', header: t`Position`, cell: (p) => p.sort },
    { key: 'cny', header: 'CNY', cell: (p) => priceIn(p, 'CNY') },
    { key: 'usd', header: 'USD', cell: (p) => priceIn(p, 'USD') },
    {
      key: 'state',
      header: t`State`,
      cell: (p) => (
        <>
          {p.active ? <Trans>On sale</Trans> : <Trans>Off sale</Trans>}
          {p.recommended && (
            <>
              {', '}
              <Trans>recommended</Trans>
            </>
          )}
        </>
      ),
    },
    actionsColumn(t`Actions`, (p) => (
      <>
        <SmallButton label={t`Set a price of plan ${p.id}`} onClick={() => setPricing(p)}>
          <Trans>Set a price</Trans>
        </SmallButton>{' '}
        <SmallButton
          disabled={act.pending}
          label={p.active ? t`Take plan ${p.id} off sale` : t`Put plan ${p.id} on sale`}
          onClick={() =>
            void act.run(() =>
              consoleCall(consoleStorePlanActive, { planId: p.id, active: !p.active }),
            )
          }
        >
          {p.active ? <Trans>Off sale</Trans> : <Trans>On sale</Trans>}
        </SmallButton>
      </>
    )),
  ];
  return (
    <StoreListCard
      title={<Trans>Plans and prices</Trans>}
      newLabel={<Trans>Add a plan</Trans>}
      onNew={() => setAdding(true)}
      failure={act.failure}
      query={plans}
      rows={plans.data?.plans}
      columns={columns}
      rowKey={(p) => p.id}
      caption={<Trans>Plans</Trans>}
      empty={<Trans>No plan yet.</Trans>}
    >
      {pricing && <PriceDialog plan={pricing} onClose={() => setPricing(null)} />}
      {adding && <AddPlanDialog onClose={() => setAdding(false)} />}
    </StoreListCard>
  );
}
