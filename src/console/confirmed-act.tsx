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
 * Acts behind a ConfirmDialog: `ask` opens a question, confirming hands its act to `runAct` (which
 * keeps any refusal: a console act, a content list's row act) and closes the dialog once that is
 * done, whatever the outcome. `dialog` is the open question; the caller places it.
 */
export function useQuestion(
  runAct: (act: () => Promise<unknown>) => Promise<unknown>,
  pending: boolean,
) {
  const [asked, setAsked] = useState<Question | null>(null);
  const confirm = async () => {
    if (!asked) return;
    await runAct(asked.run);
    setAsked(null);
  };
  const dialog = asked && (
    <ConfirmDialog
      title={asked.title}
      text={asked.text}
      confirmLabel={asked.label}
      pending={pending}
      onCancel={() => setAsked(null)}
      onConfirm={() => void confirm()}
    />
  );
  return { ask: setAsked, dialog };
}

/**
 * A console act behind a ConfirmDialog (disabling a node or a network, rotating a token): `ask`
 * opens the question, confirming runs the act (useConsoleAct: step-up when the server asks, the
 * lists under `refresh` read again) and closes it. `notice` is the last refusal, `dialog` the open
 * question; the caller places both.
 */
export function useConfirmedAct(refresh: QueryKey) {
  const act = useConsoleAct(refresh);
  const { ask, dialog } = useQuestion(act.run, act.pending);
  const notice = <RefusalNotice failure={act.failure} />;
  return { ask, notice, dialog };
}
