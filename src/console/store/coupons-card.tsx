import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleStoreCouponActive,
  consoleStoreCouponCreate,
  type StoreCoupon,
  type StoreCurrency,
} from '../../../contract/endpoints/console';
import { type DataColumn } from '../../components/ui/data-table';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { useDate, useMoney } from '../../components/formats';
import { consoleCall } from '../api/console-client';
import { storeCouponsQuery } from '../api/console-queries';
import { actionsColumn } from '../console-table';
import { FormDialog } from '../form-dialog';
import { CurrencyField } from './plan-fields';
import { minorOf, useStoreAct, useStoreCreate, wholeOf } from './store-act';
import { StoreListCard } from './store-list-card';
import { SmallButton } from '../small-button';
import { PriceField, WholeField } from './number-fields';

/** A day typed in a date field as the start of that UTC day, or null when empty. */
const dayOf = (text: string) => (text === '' ? null : `${text}T00:00:00Z`);
const optionalWhole = (text: string) => (text.trim() === '' ? null : wholeOf(text));

function CreateCouponDialog({ onClose }: { onClose: () => void }) {
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'fixed'>('percent');
  const [percent, setPercent] = useState('');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<StoreCurrency>('CNY');
  const [planIds, setPlanIds] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [perUser, setPerUser] = useState('1');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const { act, create } = useStoreCreate(consoleStoreCouponCreate, onClose);
  const input = () => ({
    code,
    ...(kind === 'percent' ? { percent: wholeOf(percent) } : { amount: minorOf(amount), currency }),
    planIds:
      planIds.trim() === ''
        ? null
        : planIds
            .split(/[\s,]+/)
            .filter((p) => p !== '')
            .map(Number),
    maxUses: optionalWhole(maxUses),
    perUser: wholeOf(perUser),
    startsAt: dayOf(startsAt),
    endsAt: dayOf(endsAt),
  });
  return (
    <FormDialog
      title={<Trans>Create a promo code</Trans>}
      text={<Trans>A percentage applies in every currency; an amount off only in its own.</Trans>}
      label={<Trans>Create the code</Trans>}
      act={act}
      onCancel={onClose}
      onSubmit={() => create(input())}
    >
      <TextField
        label={<Trans>Code</Trans>}
        value={code}
        onChange={setCode}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <SelectField
        label={<Trans>Discount</Trans>}
        value={kind}
        onChange={(value) => value && setKind(value)}
        options={[
          { value: 'percent', label: <Trans>Percentage off</Trans> },
          { value: 'fixed', label: <Trans>Amount off</Trans> },
        ]}
      />
      {kind === 'percent' ? (
        <WholeField
          label={<Trans>Percent off</Trans>}
          value={percent}
          onChange={setPercent}
          hint={<Trans>1 to 100.</Trans>}
        />
      ) : (
        <>
          <PriceField label={<Trans>Amount off</Trans>} value={amount} onChange={setAmount} />
          <CurrencyField value={currency} onChange={setCurrency} />
        </>
      )}
      <TextField
        label={<Trans>Plans</Trans>}
        value={planIds}
        onChange={setPlanIds}
        autoComplete="off"
        hint={<Trans>Product IDs, e.g. 103, 104. Empty: every plan.</Trans>}
      />
      <WholeField
        label={<Trans>Uses in all</Trans>}
        value={maxUses}
        onChange={setMaxUses}
        hint={<Trans>Empty: no limit.</Trans>}
      />
      <WholeField label={<Trans>Uses per member</Trans>} value={perUser} onChange={setPerUser} />
      <TextField
        label={<Trans>Starts (UTC)</Trans>}
        type="date"
        value={startsAt}
        onChange={setStartsAt}
      />
      <TextField
        label={<Trans>Ends (UTC)</Trans>}
        type="date"
        value={endsAt}
        onChange={setEndsAt}
      />
    </FormDialog>
  );
}

/** Promo codes with their uses; create one, disable or enable it. */
export function CouponsCard() {
  const { t } = useLingui();
  const money = useMoney();
  const day = useDate();
  const list = useQuery(storeCouponsQuery);
  const act = useStoreAct();
  const [creating, setCreating] = useState(false);
  const columns: DataColumn<StoreCoupon>[] = [
    { key: 'code', header: t`Code`, rowHeader: true, cell: (c) => c.code },
    {
      key: 'off',
      header: t`Discount`,
      cell: (c) =>
        c.kind === 'percent'
          ? `${c.percentOff}%`
          : money({ amount: c.amountOff ?? 0, currency: c.currency ?? 'CNY' }),
    },
    {
      key: 'plans',
      header: t`Plans`,
      cell: (c) => (c.planIds ? c.planIds.join(', ') : <Trans>Every plan</Trans>),
    },
    {
      key: 'uses',
      header: t`Used`,
      cell: (c) => (c.maxUses === null ? `${c.usedCount} / ∞` : `${c.usedCount} / ${c.maxUses}`),
    },
    { key: 'per', header: t`Per member`, cell: (c) => c.perUserLimit },
    {
      key: 'window',
      header: t`Valid`,
      cell: (c) => `${c.startsAt ? day(c.startsAt) : '…'} – ${c.endsAt ? day(c.endsAt) : '…'}`,
    },
    {
      key: 'state',
      header: t`State`,
      cell: (c) => (c.active ? <Trans>Active</Trans> : <Trans>Disabled</Trans>),
    },
    actionsColumn(t`Actions`, (c) => (
      <SmallButton
        disabled={act.pending}
        label={c.active ? t`Disable ${c.code}` : t`Enable ${c.code}`}
        onClick={() =>
          void act.run(() =>
            consoleCall(consoleStoreCouponActive, { code: c.code, active: !c.active }),
          )
        }
      >
        {c.active ? <Trans>Disable</Trans> : <Trans>Enable</Trans>}
      </SmallButton>
    )),
  ];
  return (
    <StoreListCard
      title={<Trans>Promo codes</Trans>}
      newLabel={<Trans>Create a promo code</Trans>}
      onNew={() => setCreating(true)}
      failure={act.failure}
      query={list}
      rows={list.data?.coupons}
      columns={columns}
      rowKey={(c) => c.code}
      caption={<Trans>Promo codes</Trans>}
      empty={<Trans>No promo code yet.</Trans>}
    >
      {creating && <CreateCouponDialog onClose={() => setCreating(false)} />}
    </StoreListCard>
  );
}
