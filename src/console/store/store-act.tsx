import type { z } from 'zod';
import type { ConsoleEndpoint } from '../../../contract/endpoints/console';
import { fieldError } from '../../lib/validate';
import { consoleCall } from '../api/console-client';
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

/**
 * Making something new in the store (a plan, a promo code, a redeem batch) as a store act: `create`
 * checks the typed input with the endpoint's own schema first (its first refusal is shown and
 * nothing is sent), then sends it; `onDone` once it went through.
 */
export function useStoreCreate<I extends z.ZodType, D extends z.ZodType>(
  endpoint: ConsoleEndpoint<I, D>,
  onDone: () => void,
) {
  const act = useStoreAct();
  const create = async (input: z.input<I>) => {
    const invalid = fieldError(endpoint.input, input);
    if (invalid !== null) return act.setFailure({ code: invalid });
    if (await act.run(() => consoleCall(endpoint, input))) onDone();
  };
  return { act, create };
}
