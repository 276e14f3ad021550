import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleStoreRedeemBatchCreate,
  consoleStoreRedeemExport,
  type RedeemBatchSummary,
} from '../../../contract/endpoints/console';
import { type DataColumn } from '../../components/ui/data-table';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { PlanName, useDate } from '../../components/formats';
import { storeRedeemBatchesQuery } from '../api/console-queries';
import { actionsColumn } from '../console-table';
import { FormDialog } from '../form-dialog';
import { GroupTypeField, ProductIdField, groupTypeOf, type GroupTypeChoice } from './plan-fields';
import { RedeemCodeLookup } from './redeem-code-lookup';
import { useStoreCreate, wholeOf } from './store-act';
import { StoreListCard } from './store-list-card';
import { WholeField } from './number-fields';

/** Where a batch's CSV is saved from: a same-origin GET with the session cookie, audited. */
const exportHref = (batchId: number) =>
  `${consoleStoreRedeemExport.path}?${new URLSearchParams({ batchId: String(batchId) })}`;

function CreateBatchDialog({ onClose }: { onClose: () => void }) {
  const [count, setCount] = useState('');
  const [by, setBy] = useState<'plan' | 'days'>('plan');
  const [planId, setPlanId] = useState('');
  const [groupType, setGroupType] = useState<GroupTypeChoice>('1');
  const [days, setDays] = useState('');
  const [uses, setUses] = useState('1');
  const [expires, setExpires] = useState('');
  const [note, setNote] = useState('');
  const { act, create } = useStoreCreate(consoleStoreRedeemBatchCreate, onClose);
  const input = () => ({
    count: wholeOf(count),
    ...(by === 'plan'
      ? { planId: wholeOf(planId) }
      : { groupType: groupTypeOf(groupType), days: wholeOf(days) }),
    uses: wholeOf(uses),
    expiresAt: expires === '' ? null : `${expires}T23:59:59Z`,
    note,
  });
  return (
    <FormDialog
      title={<Trans>Make a redeem batch</Trans>}
      text={<Trans>The codes are saved from the batch’s CSV export; each export is audited.</Trans>}
      label={<Trans>Make the codes</Trans>}
      act={act}
      onCancel={onClose}
      onSubmit={() => create(input())}
    >
      <WholeField label={<Trans>Number of codes</Trans>} value={count} onChange={setCount} />
      <SelectField
        label={<Trans>Worth</Trans>}
        value={by}
        onChange={(value) => value && setBy(value)}
        options={[
          { value: 'plan', label: <Trans>A plan</Trans> },
          { value: 'days', label: <Trans>A number of days</Trans> },
        ]}
      />
      {by === 'plan' ? (
        <ProductIdField value={planId} onChange={setPlanId} />
      ) : (
        <>
          <GroupTypeField value={groupType} onChange={setGroupType} />
          <WholeField label={<Trans>Days</Trans>} value={days} onChange={setDays} />
        </>
      )}
      <WholeField label={<Trans>Uses per code</Trans>} value={uses} onChange={setUses} />
      <TextField
        label={<Trans>Expires (UTC)</Trans>}
        type="date"
        value={expires}
        onChange={setExpires}
      />
      <TextField label={<Trans>Note</Trans>} value={note} onChange={setNote} maxLength={200} />
    </FormDialog>
  );
}

/** Redeem batches with their counts and CSV export; make a batch; look up a code and disable it. */
export function RedeemCard() {
  const { t } = useLingui();
  const day = useDate();
  const list = useQuery(storeRedeemBatchesQuery);
  const [creating, setCreating] = useState(false);
  const columns: DataColumn<RedeemBatchSummary>[] = [
    { key: 'id', header: t`Batch`, rowHeader: true, cell: (b) => b.id },
    { key: 'created', header: t`Made`, cell: (b) => day(b.createdAt) },
    {
      key: 'worth',
      header: t`Worth`,
      cell: (b) =>
        b.groupType === null ? (
          '–'
        ) : (
          <>
            <PlanName groupType={b.groupType} />, <Trans>{b.days} days</Trans>
          </>
        ),
    },
    { key: 'codes', header: t`Codes`, cell: (b) => b.codes },
    { key: 'unused', header: t`Unused`, cell: (b) => b.unused },
    { key: 'used', header: t`Used`, cell: (b) => b.used },
    { key: 'disabled', header: t`Disabled`, cell: (b) => b.disabled },
    { key: 'note', header: t`Note`, cell: (b) => b.note || '–' },
    actionsColumn(t`Actions`, (b) => (
      <a
        className="btn btn-secondary btn-small"
        href={exportHref(b.id)}
        download={`redeem-batch-${b.id}.csv`}
        aria-label={t`Download the codes of batch ${b.id} (CSV)`}
      >
        <Trans>Download CSV</Trans>
      </a>
    )),
  ];
  return (
    <StoreListCard
      title={<Trans>Redeem codes</Trans>}
      newLabel={<Trans>Make a redeem batch</Trans>}
      onNew={() => setCreating(true)}
      query={list}
      rows={list.data?.batches}
      columns={columns}
      rowKey={(b) => b.id}
      caption={<Trans>Redeem batches</Trans>}
      empty={<Trans>No batch yet.</Trans>}
    >
      <RedeemCodeLookup />
      {creating && <CreateBatchDialog onClose={() => setCreating(false)} />}
    </StoreListCard>
  );
}
