import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  consoleKolMake,
  consoleKolSet,
  firstRateField,
  kolUserRefField,
  renewalRateField,
  type ConsoleKol,
} from '../../../contract/endpoints/console';
import { PAYOUT_NETWORKS, PAYOUT_NETWORK_INFO, type PayoutNetwork } from '../../../contract/kol';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { useErrorText } from '../../i18n/use-error-text';
import { errorCodeOf } from '../../lib/api-error';
import { collectErrors, fieldError, type FieldErrors } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';
import { FormDialog } from '../form-dialog';

/**
 * Make a member a KOL (`kol` null: by user ID or username) or change a KOL's rates and payout
 * address (an empty address clears it). The server checks the same bounds and address formats.
 */
export function KolTermsDialog({
  kol,
  onClose,
  onSaved,
}: {
  kol: ConsoleKol | null;
  onClose: () => void;
  onSaved: (kol: ConsoleKol) => void;
}) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [user, setUser] = useState('');
  const [first, setFirst] = useState(kol ? String(kol.firstRatePercent) : '');
  const [renewal, setRenewal] = useState(kol ? String(kol.renewalRatePercent) : '20');
  const [network, setNetwork] = useState<PayoutNetwork | ''>(kol?.payoutNetwork ?? '');
  const [address, setAddress] = useState(kol?.payoutAddress ?? '');
  const [errors, setErrors] = useState<FieldErrors<'user' | 'first' | 'renewal'>>({});
  const [failure, setFailure] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const error = (code: number | undefined) => (code === undefined ? null : errorText(code));

  const submit = async () => {
    const found = collectErrors({
      user: kol ? null : fieldError(kolUserRefField, user),
      first: fieldError(firstRateField, first),
      renewal: fieldError(renewalRateField, renewal),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const payout = network && address.trim() ? { network, address: address.trim() } : null;
    setPending(true);
    setFailure(null);
    try {
      const rates = { firstRatePercent: Number(first), renewalRatePercent: Number(renewal) };
      const saved = kol
        ? await consoleCall(consoleKolSet, { kolId: kol.userId, ...rates, payout })
        : await consoleCall(consoleKolMake, { user, ...rates, ...(payout ? { payout } : {}) });
      onSaved(saved.kol);
    } catch (refusal) {
      setFailure(errorCodeOf(refusal));
    } finally {
      setPending(false);
      void queryClient.invalidateQueries({ queryKey: [...CONSOLE_KEY, 'kol'] });
    }
  };

  return (
    <FormDialog
      title={kol ? <Trans>Terms of KOL {kol.userId}</Trans> : <Trans>Make a KOL</Trans>}
      text={<Trans>New rates apply to commissions booked from now on.</Trans>}
      label={kol ? <Trans>Save</Trans> : <Trans>Make a KOL</Trans>}
      pending={pending}
      failure={failure}
      onCancel={onClose}
      onSubmit={() => void submit()}
    >
      {!kol && (
        <TextField
          label={<Trans>Member (user ID or username)</Trans>}
          value={user}
          onChange={setUser}
          error={error(errors.user)}
          autoComplete="off"
        />
      )}
      <TextField
        label={<Trans>First-purchase rate (25-100 %)</Trans>}
        value={first}
        onChange={setFirst}
        error={error(errors.first)}
        inputMode="numeric"
      />
      <TextField
        label={<Trans>Renewal rate (1-25 %)</Trans>}
        value={renewal}
        onChange={setRenewal}
        error={error(errors.renewal)}
        inputMode="numeric"
      />
      <SelectField
        label={<Trans>Payout network</Trans>}
        value={network}
        onChange={setNetwork}
        options={PAYOUT_NETWORKS.map((n) => ({ value: n, label: PAYOUT_NETWORK_INFO[n].label }))}
        anyLabel={<Trans>None</Trans>}
      />
      <TextField
        label={<Trans>USDT payout address</Trans>}
        value={address}
        onChange={setAddress}
        autoComplete="off"
        spellCheck={false}
        hint={t`Empty: no payout address.`}
      />
    </FormDialog>
  );
}
