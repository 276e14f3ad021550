import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { consoleCryptoRate, cryptoRateField } from '../../../contract/endpoints/console';
import { TitledCard } from '../../components/titled-card';
import { TextField } from '../../components/ui/text-field';
import { useErrorText } from '../../i18n/use-error-text';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { ConsoleForm } from '../form-dialog';
import { SaveButton } from '../save-button';

/** CNY per USD for plans priced only in CNY; empty: such plans are not sold for crypto. */
export function RateForm({ current }: { current: string | null }) {
  const errorText = useErrorText();
  const [rate, setRate] = useState(current ?? '');
  const [error, setError] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);
  // The server's refusal is the rate's: it is shown under the field.
  const act = useConsoleAct([...CONSOLE_KEY, 'crypto'], ({ code }) => {
    setError(code);
    return true;
  });

  const submit = async () => {
    setSaved(false);
    const refused = fieldError(cryptoRateField, rate);
    setError(refused);
    if (refused !== null) return;
    setSaved(await act.run(() => consoleCall(consoleCryptoRate, { cnyPerUsd: rate })));
  };

  return (
    <TitledCard look="console-panel" title={<Trans>CNY per USD</Trans>}>
      <ConsoleForm onSubmit={() => void submit()}>
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
        <SaveButton pending={act.pending} saved={saved}>
          <Trans>Save the rate</Trans>
        </SaveButton>
      </ConsoleForm>
    </TitledCard>
  );
}
