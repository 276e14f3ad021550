import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import {
  cnyUsdRateField,
  consoleKolSettingsUpdate,
  refundWindowField,
} from '../../../contract/endpoints/console';
import { ErrorNotice } from '../../components/error-notice';
import { TitledCard } from '../../components/titled-card';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { useErrorText } from '../../i18n/use-error-text';
import { errorCodeOf } from '../../lib/api-error';
import { collectErrors, fieldError, type FieldErrors } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY, kolLedgerQuery, kolListQuery } from '../api/console-queries';

/** The refund window and the CNY rate (new commissions only), and the ledger's balance check. */
export function KolSettings() {
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const current = useQuery(kolListQuery).data?.settings;
  const ledger = useQuery(kolLedgerQuery);
  const [days, setDays] = useState<string | null>(null);
  const [rate, setRate] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<'days' | 'rate'>>({});
  const [failure, setFailure] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState(false);
  const daysValue = days ?? String(current?.refundWindowDays ?? '');
  const rateValue = rate ?? (current ? String(current.cnyUsdRateMicros / 1_000_000) : '');

  const submit = async () => {
    const found = collectErrors({
      days: fieldError(refundWindowField, daysValue),
      rate: fieldError(cnyUsdRateField, rateValue),
    });
    setErrors(found);
    setSaved(false);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    setFailure(null);
    try {
      await consoleCall(consoleKolSettingsUpdate, {
        refundWindowDays: Number(daysValue),
        cnyUsdRate: rateValue,
      });
      setSaved(true);
    } catch (refusal) {
      setFailure(errorCodeOf(refusal));
    } finally {
      setPending(false);
      void queryClient.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'kol'] });
    }
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
        {failure !== null && <ErrorNotice className="console-alert" code={failure} />}
        <TextField
          label={<Trans>Refund window (days)</Trans>}
          value={daysValue}
          onChange={setDays}
          error={errors.days === undefined ? null : errorText(errors.days)}
          inputMode="numeric"
        />
        <TextField
          label={<Trans>US dollars per yuan</Trans>}
          value={rateValue}
          onChange={setRate}
          error={errors.rate === undefined ? null : errorText(errors.rate)}
          inputMode="decimal"
          hint={<Trans>For commissions booked from now on.</Trans>}
        />
        <SubmitButton pending={pending}>
          <Trans>Save settings</Trans>
        </SubmitButton>
        {saved && (
          <p role="status">
            <Trans>Saved.</Trans>
          </p>
        )}
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
