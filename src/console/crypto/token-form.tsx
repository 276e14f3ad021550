import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import {
  consoleCryptoTokenAdd,
  cryptoAddressField,
  cryptoDecimalsField,
  cryptoSymbolField,
  type CryptoNetworkView,
} from '../../../contract/endpoints/console';
import { Errors } from '../../../contract/errors';
import { TextField } from '../../components/ui/text-field';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { FormDialog } from '../form-dialog';
import { useFieldErrors } from '../use-field-errors';
import { VerbatimField } from '../console-fields';

type Field = 'symbol' | 'address' | 'decimals';

const FIELD_OF: Readonly<Record<number, Field>> = {
  [Errors.CRYPTO_SYMBOL_INVALID.code]: 'symbol',
  [Errors.CRYPTO_ADDRESS_INVALID.code]: 'address',
  [Errors.CRYPTO_TOKEN_ADDRESS_TAKEN.code]: 'address',
  [Errors.CRYPTO_DECIMALS_INVALID.code]: 'decimals',
};

/**
 * A token on a network: its symbol, contract and decimals. A symbol the network lists already has
 * its contract and decimals replaced. It says what counts as payment, so it may ask a fresh code.
 */
export function TokenForm({ network, onDone }: { network: CryptoNetworkView; onDone: () => void }) {
  const { check, claim, shown } = useFieldErrors<Field>(FIELD_OF);
  const act = useConsoleAct([...CONSOLE_KEY, 'crypto'], claim);
  const [symbol, setSymbol] = useState('');
  const [address, setAddress] = useState('');
  const [decimals, setDecimals] = useState('6');
  const networkName = network.name;

  const submit = async () => {
    const valid = check({
      symbol: fieldError(cryptoSymbolField, symbol),
      address: fieldError(cryptoAddressField, address),
      decimals: fieldError(cryptoDecimalsField, decimals),
    });
    if (!valid) return;
    const added = await act.run(() =>
      consoleCall(consoleCryptoTokenAdd, {
        chainId: network.chainId,
        symbol,
        address,
        decimals: Number(decimals),
      }),
    );
    if (added) onDone();
  };

  return (
    <FormDialog
      title={<Trans>Add a token on {networkName}</Trans>}
      text={
        <Trans>
          Only transfers of this contract pay for a plan in this token: copy it from the token
          issuer’s own page. You may be asked for a fresh code from your authenticator.
        </Trans>
      }
      label={<Trans>Add the token</Trans>}
      act={act}
      onCancel={onDone}
      onSubmit={submit}
    >
      <TextField
        label={<Trans>Symbol</Trans>}
        value={symbol}
        onChange={setSymbol}
        error={shown('symbol')}
        autoComplete="off"
        hint={<Trans>USDT, USDC… A symbol already listed is updated.</Trans>}
      />
      <VerbatimField
        label={<Trans>Contract address</Trans>}
        value={address}
        onChange={setAddress}
        error={shown('address')}
        className="field__input console-crypto-hex"
      />
      <TextField
        label={<Trans>Decimals</Trans>}
        value={decimals}
        onChange={setDecimals}
        error={shown('decimals')}
        inputMode="numeric"
        autoComplete="off"
        hint={<Trans>As the contract says: 6 for USDT on Ethereum, 18 on BNB Chain.</Trans>}
      />
    </FormDialog>
  );
}
