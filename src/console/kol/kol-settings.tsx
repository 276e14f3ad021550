import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import {
  cnyUsdRateField,
  consoleKolSettingsUpdate,
  refundWindowField,
} from '../../../contract/endpoints/console';
import { TitledCard } from '../../components/titled-card';
import { TextField } from '../../components/ui/text-field';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY, kolLedgerQuery, kolListQuery } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { RefusalNotice } from '../form-dialog';
import { SaveButton } from '../save-button';
import { useFieldErrors } from '../use-field-errors';

/** The refund window and the CNY rate (new commissions only), and the ledger's balance check. */
export function KolSettings() {
  const current = useQuery(kolListQuery).data?.settings;
  const ledger = useQuery(kolLedgerQuery);
  const [days, setDays] = useState<string | null>(null);
  const [rate, setRate] = useState<string | null>(null);
  const fields = useFieldErrors<'days' | 'rate'>({});
  const act = useConsoleAct([...CONSOLE_KEY, 'kol']);
  const [saved, setSaved] = useState(false);
  const daysValue = days ?? String(current?.refundWindowDays ?? '');
  const rateValue = rate ?? (current ? String(current.cnyUsdRateMicros / 1_000_000) : '');

  const submit = async () => {
    setSaved(false);
    const checked = fields.check({
      days: fieldError(refundWindowField, daysValue),
      rate: fieldError(cnyUsdRateField, rateValue),
    });
    if (!checked) return;
    const update = { refundWindowDays: Number(daysValue), cnyUsdRate: rateValue };
    setSaved(await act.run(() => consoleCall(consoleKolSettingsUpdate, update)));
  };

  return (
    <TitledCard look="console-panel" title={<Trans>Settings and ledger</Trans>}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <RefusalNotice failure={act.failure} />
        <TextField
          label={<Trans>Refund window (days)</Trans>}
          value={daysValue}
          onChange={setDays}
          error={fields.shown('days')}
          inputMode="numeric"
        />
        <TextField
          label={<Trans>US dollars per yuan</Trans>}
          value={rateValue}
          onChange={setRate}
          error={fields.shown('rate')}
          inputMode="decimal"
          hint={<Trans>For commissions booked from now on.</Trans>}
        />
        <SaveButton pending={act.pending} saved={saved}>
          <Trans>Save settings</Trans>
        </SaveButton>
      </form>
      <p>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => void ledger.refetch()}
        >
          <Trans>Check the ledger</Trans>
        </button>{' '}
        <span role="status">
          {ledger.data &&
            (ledger.data.balanced ? (
              <Trans>The ledger balances for every KOL.</Trans>
            ) : (
              <Trans>The ledger does not balance: run npm run admin -- kol ledger-check.</Trans>
            ))}
        </span>
      </p>
    </TitledCard>
  );
}
