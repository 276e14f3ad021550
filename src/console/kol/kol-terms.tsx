import { useState } from 'react';
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
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { FormDialog } from '../form-dialog';
import { useFieldErrors } from '../use-field-errors';
import { VerbatimField } from '../console-fields';

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
  const fields = useFieldErrors<'user' | 'first' | 'renewal'>({});
  const act = useConsoleAct([...CONSOLE_KEY, 'kol']);
  const [user, setUser] = useState('');
  const [first, setFirst] = useState(kol ? String(kol.firstRatePercent) : '');
  const [renewal, setRenewal] = useState(kol ? String(kol.renewalRatePercent) : '20');
  const [network, setNetwork] = useState<PayoutNetwork | ''>(kol?.payoutNetwork ?? '');
  const [address, setAddress] = useState(kol?.payoutAddress ?? '');

  const submit = async () => {
    const checked = fields.check({
      user: kol ? null : fieldError(kolUserRefField, user),
      first: fieldError(firstRateField, first),
      renewal: fieldError(renewalRateField, renewal),
    });
    if (!checked) return;
    const payout = network && address.trim() ? { network, address: address.trim() } : null;
    const rates = { firstRatePercent: Number(first), renewalRatePercent: Number(renewal) };
    await act.run(async () => {
      const saved = kol
        ? await consoleCall(consoleKolSet, { kolId: kol.userId, ...rates, payout })
        : await consoleCall(consoleKolMake, { user, ...rates, ...(payout ? { payout } : {}) });
      onSaved(saved.kol);
    });
  };

  return (
    <FormDialog
      title={kol ? <Trans>Terms of KOL {kol.userId}</Trans> : <Trans>Make a KOL</Trans>}
      text={<Trans>New rates apply to commissions booked from now on.</Trans>}
      label={kol ? <Trans>Save</Trans> : <Trans>Make a KOL</Trans>}
      act={act}
      onCancel={onClose}
      onSubmit={submit}
    >
      {!kol && (
        <TextField
          label={<Trans>Member (user ID or username)</Trans>}
          value={user}
          onChange={setUser}
          error={fields.shown('user')}
          autoComplete="off"
        />
      )}
      <TextField
        label={<Trans>First-purchase rate (25-100 %)</Trans>}
        value={first}
        onChange={setFirst}
        error={fields.shown('first')}
        inputMode="numeric"
      />
      <TextField
        label={<Trans>Renewal rate (1-25 %)</Trans>}
        value={renewal}
        onChange={setRenewal}
        error={fields.shown('renewal')}
        inputMode="numeric"
      />
      <SelectField
        label={<Trans>Payout network</Trans>}
        value={network}
        onChange={setNetwork}
        options={PAYOUT_NETWORKS.map((n) => ({ value: n, label: PAYOUT_NETWORK_INFO[n].label }))}
        anyLabel={<Trans>None</Trans>}
      />
      <VerbatimField
        label={<Trans>USDT payout address</Trans>}
        value={address}
        onChange={setAddress}
        hint={t`Empty: no payout address.`}
      />
    </FormDialog>
  );
}
