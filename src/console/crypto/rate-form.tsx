import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { consoleCryptoRate, cryptoRateField } from '../../../contract/endpoints/console';
import { TitledCard } from '../../components/titled-card';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextField } from '../../components/ui/text-field';
import { useErrorText } from '../../i18n/use-error-text';
import { errorCodeOf } from '../../lib/api-error';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';

/** CNY per USD for plans priced only in CNY; empty: such plans are not sold for crypto. */
export function RateForm({ current }: { current: string | null }) {
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [rate, setRate] = useState(current ?? '');
  const [error, setError] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const refused = fieldError(cryptoRateField, rate);
    setError(refused);
    if (refused !== null) return;
    setPending(true);
    try {
      await consoleCall(consoleCryptoRate, { cnyPerUsd: rate });
      setSaved(true);
    } catch (refusal) {
      setError(errorCodeOf(refusal));
    } finally {
      setPending(false);
      void queryClient.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'crypto'] });
    }
  };

  return (
    <TitledCard look="console-panel" title={<Trans>CNY per USD</Trans>}>
      <form className="console-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label={<Trans>Rate</Trans>}
          value={rate}
          onChange={setRate}
          error={error === null ? null : errorText(error)}
          inputMode="decimal"
          autoComplete="off"
          hint={
            <Trans>
              Converts plans priced only in CNY (e.g. 7.2). Empty: those plans are not sold for
              crypto. Quotes already made keep their rate.
            </Trans>
          }
        />
        <SubmitButton pending={pending}>
          <Trans>Save the rate</Trans>
        </SubmitButton>
        {saved && (
          <p role="status">
            <Trans>Saved.</Trans>
          </p>
        )}
      </form>
    </TitledCard>
  );
}
