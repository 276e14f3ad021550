import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorCodeOf } from '../../lib/api-error';
import { STORE_KEY } from '../api/console-queries';
import { StepUpCancelled, useStepUp } from '../step-up';

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

/**
 * One store act: runs through the step-up dialog when the server asks for it, keeps the refusal's
 * code for the form, and reads the store's lists again afterwards.
 */
export function useStoreAct() {
  const runWithStepUp = useStepUp();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<number | null>(null);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setPending(true);
    setFailure(null);
    try {
      await runWithStepUp(action);
      return true;
    } catch (refusal) {
      if (!(refusal instanceof StepUpCancelled)) setFailure(errorCodeOf(refusal));
      return false;
    } finally {
      setPending(false);
      void queryClient.invalidateQueries({ queryKey: STORE_KEY });
    }
  };
  return { run, pending, failure, setFailure };
}
