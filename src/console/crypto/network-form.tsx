import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import {
  consoleCryptoNetworkAdd,
  consoleCryptoNetworkUpdate,
  cryptoAddressField,
  cryptoChainIdField,
  cryptoConfirmationsField,
  cryptoExplorerUrlField,
  cryptoNetworkNameField,
  cryptoRpcUrlsField,
  cryptoSymbolField,
  type CryptoNetworkView,
} from '../../../contract/endpoints/console';
import { Errors } from '../../../contract/errors';
import { TextField } from '../../components/ui/text-field';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
import { CONSOLE_KEY } from '../api/console-queries';
import { useConsoleAct } from '../console-act';
import { NameField, VerbatimField } from '../console-fields';
import { FormDialog } from '../form-dialog';
import { useFieldErrors } from '../use-field-errors';

type Field =
  | 'chainId'
  | 'name'
  | 'rpcUrls'
  | 'confirmations'
  | 'receivingAddress'
  | 'explorerUrl'
  | 'nativeSymbol';

/** The server's refusals that belong to one field: shown under it rather than above the form. */
const FIELD_OF: Readonly<Record<number, Field>> = {
  [Errors.CRYPTO_CHAIN_ID_INVALID.code]: 'chainId',
  [Errors.CRYPTO_NETWORK_EXISTS.code]: 'chainId',
  [Errors.CRYPTO_NETWORK_NAME_INVALID.code]: 'name',
  [Errors.CRYPTO_RPC_URL_INVALID.code]: 'rpcUrls',
  [Errors.CRYPTO_CONFIRMATIONS_INVALID.code]: 'confirmations',
  [Errors.CRYPTO_ADDRESS_INVALID.code]: 'receivingAddress',
  [Errors.CRYPTO_EXPLORER_URL_INVALID.code]: 'explorerUrl',
  [Errors.CRYPTO_SYMBOL_INVALID.code]: 'nativeSymbol',
};

const urlList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * Adding a network (`network` absent) or editing one: name, RPC URLs, confirmations, receiving
 * address, explorer, native coin. Both set where money goes, so both may ask a fresh code.
 */
export function NetworkForm({
  network,
  onDone,
}: {
  network?: CryptoNetworkView;
  onDone: () => void;
}) {
  const { check, claim, shown } = useFieldErrors<Field>(FIELD_OF);
  const act = useConsoleAct([...CONSOLE_KEY, 'crypto'], claim);
  const [chainId, setChainId] = useState(network ? String(network.chainId) : '');
  const [name, setName] = useState(network?.name ?? '');
  const [rpc, setRpc] = useState(network?.rpcUrls.join(', ') ?? '');
  const [confirmations, setConfirmations] = useState(String(network?.confirmations ?? 12));
  const [receiving, setReceiving] = useState(network?.receivingAddress ?? '');
  const [explorer, setExplorer] = useState(network?.explorerUrl ?? '');
  const [native, setNative] = useState(network?.nativeSymbol ?? 'ETH');

  const submit = async () => {
    const valid = check({
      chainId: network ? null : fieldError(cryptoChainIdField, chainId),
      name: fieldError(cryptoNetworkNameField, name),
      rpcUrls: fieldError(cryptoRpcUrlsField, urlList(rpc)),
      confirmations: fieldError(cryptoConfirmationsField, confirmations),
      receivingAddress: fieldError(cryptoAddressField, receiving),
      explorerUrl: fieldError(cryptoExplorerUrlField, explorer),
      nativeSymbol: fieldError(cryptoSymbolField, native),
    });
    if (!valid) return;
    const settings = {
      name,
      rpcUrls: urlList(rpc),
      confirmations: Number(confirmations),
      receivingAddress: receiving,
      explorerUrl: explorer,
      nativeSymbol: native,
    };
    const saved = await act.run(() =>
      network
        ? consoleCall(consoleCryptoNetworkUpdate, { chainId: network.chainId, ...settings })
        : consoleCall(consoleCryptoNetworkAdd, { chainId: Number(chainId), ...settings }),
    );
    if (saved) onDone();
  };

  return (
    <FormDialog
      title={network ? <Trans>Edit network {network.name}</Trans> : <Trans>Add a network</Trans>}
      text={
        <Trans>
          Payments on it go to the receiving address. Change it only while you still control the old
          one: open quotes are paid there. You may be asked for a fresh code from your
          authenticator.
        </Trans>
      }
      label={network ? <Trans>Save the network</Trans> : <Trans>Add the network</Trans>}
      act={act}
      onCancel={onDone}
      onSubmit={submit}
    >
      {!network && (
        <TextField
          label={<Trans>Chain ID</Trans>}
          value={chainId}
          onChange={setChainId}
          error={shown('chainId')}
          inputMode="numeric"
          autoComplete="off"
          hint={<Trans>EIP-155: 1 Ethereum, 56 BNB Chain, 137 Polygon.</Trans>}
        />
      )}
      <NameField value={name} onChange={setName} error={shown('name')} />
      <VerbatimField
        label={<Trans>RPC URLs</Trans>}
        value={rpc}
        onChange={setRpc}
        error={shown('rpcUrls')}
        hint={<Trans>One or more, separated by commas; the first that answers is used.</Trans>}
      />
      <TextField
        label={<Trans>Confirmations</Trans>}
        value={confirmations}
        onChange={setConfirmations}
        error={shown('confirmations')}
        inputMode="numeric"
        autoComplete="off"
        hint={<Trans>Blocks on top of a payment before it is credited.</Trans>}
      />
      <VerbatimField
        label={<Trans>Receiving address</Trans>}
        value={receiving}
        onChange={setReceiving}
        error={shown('receivingAddress')}
        className="field__input console-crypto-hex"
        hint={
          <Trans>Your wallet: 0x and 40 hexadecimal digits, checksummed if in mixed case.</Trans>
        }
      />
      <VerbatimField
        label={<Trans>Explorer</Trans>}
        value={explorer}
        onChange={setExplorer}
        error={shown('explorerUrl')}
        hint={<Trans>Optional, e.g. https://bscscan.com: links to transactions.</Trans>}
      />
      <TextField
        label={<Trans>Native coin</Trans>}
        value={native}
        onChange={setNative}
        error={shown('nativeSymbol')}
        autoComplete="off"
        hint={<Trans>The coin the network fee is paid in (ETH, BNB, POL).</Trans>}
      />
    </FormDialog>
  );
}
