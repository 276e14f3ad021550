/**
 * What the crypto-pay page's parts share: the hook's type, token amounts in units, the step that
 * chooses a network or a token, an error line, and when the choices are locked.
 */
import type { ReactNode } from 'react';
import { formatUnits } from 'viem';
import { useErrorText } from '../../../i18n/use-error-text';
import { StoreFieldset } from '../store-fieldset';
import type { useCryptoPay } from './use-crypto-pay';

export type CryptoPay = ReturnType<typeof useCryptoPay>;

export const units = (amount: string, decimals: number) => formatUnits(BigInt(amount), decimals);

/**
 * A step of the page that is one choice among cards (the network, then the token): a titled group
 * of radio cards, the chosen one marked, all locked together while the wallet is busy.
 */
export function ChoiceStep<T, V extends string | number>({
  legend,
  group,
  choices,
  valueOf,
  value,
  disabled,
  onSelect,
  children,
}: {
  legend: ReactNode;
  group: string;
  choices: readonly T[];
  valueOf: (choice: T) => V;
  value: V | null;
  disabled: boolean;
  onSelect: (value: V) => void;
  /** What a card shows of its choice. */
  children: (choice: T) => ReactNode;
}) {
  return (
    <StoreFieldset legend={legend}>
      <div className="method-options">
        {choices.map((choice) => {
          const own = valueOf(choice);
          const checked = own === value;
          return (
            <label key={own} className={`method-option card${checked ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name={group}
                checked={checked}
                disabled={disabled}
                onChange={() => onSelect(own)}
              />
              {children(choice)}
            </label>
          );
        })}
      </div>
    </StoreFieldset>
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
