/**
 * What the crypto-pay page's parts share: the hook's type, token amounts in units, the radio card of a
 * network or token, an error line, and when the choices are locked.
 */
import type { ReactNode } from 'react';
import { formatUnits } from 'viem';
import { useErrorText } from '../../../i18n/use-error-text';
import type { useCryptoPay } from './use-crypto-pay';

export type CryptoPay = ReturnType<typeof useCryptoPay>;

export const units = (amount: string, decimals: number) => formatUnits(BigInt(amount), decimals);

export function RadioCard({
  group,
  checked,
  disabled,
  onSelect,
  children,
}: {
  group: string;
  checked: boolean;
  disabled: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <label className={`method-option card${checked ? ' is-selected' : ''}`}>
      <input type="radio" name={group} checked={checked} disabled={disabled} onChange={onSelect} />
      {children}
    </label>
  );
}

/** While the wallet is asked something or a transaction is out, the choices stay as they are. */
export function lockedChoices(state: CryptoPay['state']): boolean {
  return (
    state.matches('switching') ||
    state.matches('quoting') ||
    state.matches({ connecting: 'requesting' }) ||
    state.matches({ quoted: 'signing' }) ||
    state.matches({ quoted: 'proving' }) ||
    state.matches({ quoted: 'sending' }) ||
    state.matches({ quoted: 'submitting' }) ||
    state.matches({ quoted: 'submitWaiting' }) ||
    state.matches({ quoted: 'awaiting' }) ||
    state.matches({ quoted: 'underpaid' }) ||
    state.matches('paid') ||
    state.matches('reversed')
  );
}

export function ErrorLine({ code }: { code: number | null }) {
  const errorText = useErrorText();
  if (code === null) return null;
  return (
    <p className="field__error" role="alert">
      {errorText(code)}
    </p>
  );
}

export function Waiting({ children }: { children: ReactNode }) {
  return (
    <div className="card crypto-waiting" role="status">
      <span className="spinner" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
