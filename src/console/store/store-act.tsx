import { STORE_KEY } from '../api/console-queries';
import { useConsoleAct } from '../console-act';

/**
 * "12.50" typed in major units as the wire's minor units (1250); NaN when it is no amount with at
 * most two decimals (the contract's priceField then says PRICE_INVALID).
 */
export function minorOf(text: string): number {
  const trimmed = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  const [whole, cents = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** A whole number typed in a field, NaN when empty. */
export const wholeOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** One store act (useConsoleAct): afterwards the store's lists are read again. */
export const useStoreAct = () => useConsoleAct(STORE_KEY);
