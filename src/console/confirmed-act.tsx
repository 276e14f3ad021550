import { useState, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { useConsoleAct } from './console-act';
import { RefusalNotice } from './form-dialog';

/** The question asked before an act, and the act. */
export interface Question {
  title: ReactNode;
  text: ReactNode;
  /** The confirming button's label: the act itself ("Disable the node"). */
  label: ReactNode;
  run: () => Promise<unknown>;
}

/**
 * A console act behind a ConfirmDialog (disabling a node or a network, rotating a token): `ask`
 * opens the question, confirming runs the act (useConsoleAct: step-up when the server asks, the
 * lists under `refresh` read again) and closes it. `notice` is the last refusal, `dialog` the open
 * question; the caller places both.
 */
export function useConfirmedAct(refresh: QueryKey) {
  const act = useConsoleAct(refresh);
  const [asked, setAsked] = useState<Question | null>(null);
  const confirm = async () => {
    if (!asked) return;
    await act.run(asked.run);
    setAsked(null);
  };
  const notice = <RefusalNotice failure={act.failure} />;
  const dialog = asked && (
    <ConfirmDialog
      title={asked.title}
      text={asked.text}
      confirmLabel={asked.label}
      pending={act.pending}
      onCancel={() => setAsked(null)}
      onConfirm={() => void confirm()}
    />
  );
  return { ask: setAsked, notice, dialog };
}
