import { useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { SubmitButton } from '../../components/ui/submit-button';
import { TitledCard } from '../../components/titled-card';
import type { DataColumn } from '../../components/ui/data-table';
import { errorCodeOf } from '../../lib/api-error';
import { ConsoleTable } from '../console-table';
import { ConsoleForm, RefusalNotice } from '../form-dialog';
import { SmallButton } from '../small-button';

/**
 * What a content list keeps (announcements, benefits, pages): the row open in the form above the
 * list, whether the last save went through, the refusal of a row's action, and the form's place,
 * which "Change" scrolls to. `queryKey`: the list's read, asked again after each change.
 */
export function useContentList<Row>(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Row | null>(null);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  return {
    editing,
    /** Opens a row in the form ("Change"), which comes into view. */
    edit: (row: Row) => {
      setSaved(false);
      setFailure(null);
      setEditing(row);
      formRef.current?.scrollIntoView({ block: 'start' });
    },
    /** What the form is told: saved (it closes or empties, the list says so and is read again), or cancelled. */
    form: {
      onSaved: () => {
        setEditing(null);
        setSaved(true);
        void refresh();
      },
      onCancel: () => setEditing(null),
    },
    /**
     * A row's own action (hide, withdraw, restore): its refusal is shown above the list, and the
     * list is read again whatever the outcome.
     */
    act: async (action: () => Promise<unknown>) => {
      setPending(true);
      setFailure(null);
      setSaved(false);
      try {
        await action();
      } catch (refusal) {
        setFailure(errorCodeOf(refusal));
      } finally {
        setPending(false);
        void refresh();
      }
    },
    /** Whether a row's action is running. */
    pending,
    refresh,
    /** What `ContentListSection` shows around the list. */
    frame: { formRef, failure, saved },
  };
}

/** A content form's props: the row it changes (null: a new one), and what its list is told. */
export interface ContentFormProps<Row> {
  editing: Row | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** A row's "Change" button: it opens the row in the form; `name` says which row to screen readers. */
export function ChangeButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <SmallButton label={name} onClick={onClick}>
      <Trans>Change</Trans>
    </SmallButton>
  );
}

interface Read {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A content section: its form (`formRef` marks where "Change" scrolls to), what the last save
 * did, a refused action, and the list in a card with the console's table.
 */
export function ContentListSection<Row>({
  form,
  frame: { formRef, failure, saved },
  savedNote,
  title,
  query,
  rows,
  columns,
  rowKey,
  empty,
}: {
  form: ReactNode;
  frame: { formRef: RefObject<HTMLDivElement | null>; failure: number | null; saved: boolean };
  /** The status line once a save went through. */
  savedNote: ReactNode;
  title: ReactNode;
  query: Read;
  rows: readonly Row[] | undefined;
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => Key;
  empty: ReactNode;
}) {
  return (
    <>
      <div ref={formRef}>{form}</div>
      {saved && (
        <p role="status" className="console-content__saved">
          {savedNote}
        </p>
      )}
      <RefusalNotice failure={failure} />
      <TitledCard look="console-panel" title={title}>
        <ConsoleTable
          query={query}
          rows={rows}
          columns={columns}
          rowKey={rowKey}
          caption={title}
          empty={empty}
        />
      </TitledCard>
    </>
  );
}

/**
 * A content form in its card: the fields, then the server's refusal, the submit button and, when
 * a row is open (`onCancel`), the way back to the empty form.
 */
export function ContentFormCard({
  title,
  onSubmit,
  failure,
  pending,
  submit,
  onCancel,
  children,
}: {
  title: ReactNode;
  onSubmit: () => void;
  failure: number | null;
  pending: boolean;
  /** The submit button's label ("Publish"). */
  submit: ReactNode;
  onCancel: (() => void) | null;
  children: ReactNode;
}) {
  return (
    <TitledCard look="console-panel" title={title}>
      <ConsoleForm onSubmit={onSubmit}>
        {children}
        <RefusalNotice failure={failure} />
        <div className="console-content__buttons">
          <SubmitButton pending={pending}>{submit}</SubmitButton>
          {onCancel && (
            <button type="button" className="btn btn-secondary" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </button>
          )}
        </div>
      </ConsoleForm>
    </TitledCard>
  );
}
