import { useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { refusalOf, type Refusal } from '../lib/api-error';
import { StepUpCancelled, useStepUp } from './step-up';

/**
 * One console act: runs through the step-up dialog when the server asks for it, keeps the
 * refusal (its code and the data its words name) for the form (a cancelled step-up is no refusal), and reads the lists under
 * `refresh` again afterwards, whatever the outcome. A refusal that `claim` takes (one that names a
 * field: useFieldErrors) is not kept for the form.
 */
export function useConsoleAct(refresh: QueryKey, claim?: (refusal: Refusal) => boolean) {
  const runWithStepUp = useStepUp();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Refusal | null>(null);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setPending(true);
    setFailure(null);
    try {
      await runWithStepUp(action);
      return true;
    } catch (refusal) {
      if (refusal instanceof StepUpCancelled) return false;
      const kept = refusalOf(refusal);
      if (!claim?.(kept)) setFailure(kept);
      return false;
    } finally {
      setPending(false);
      void queryClient.invalidateQueries({ queryKey: refresh });
    }
  };
  return { run, pending, failure, setFailure };
}
