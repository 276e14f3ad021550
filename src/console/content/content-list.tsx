import { useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { ErrorNotice } from '../../components/error-notice';
import { SubmitButton } from '../../components/ui/submit-button';
import { TitledCard } from '../../components/titled-card';
import type { DataColumn } from '../../components/ui/data-table';
import { ConsoleTable } from '../console-table';

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
  const formRef = useRef<HTMLDivElement>(null);
  const edit = (row: Row) => {
    setSaved(false);
    setFailure(null);
    setEditing(row);
    formRef.current?.scrollIntoView({ block: 'start' });
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  /** The form saved: it closes (or empties), the list says so and is read again. */
  const onSaved = () => {
    setEditing(null);
    setSaved(true);
    void refresh();
  };
  const onCancel = () => setEditing(null);
  return {
    editing,
    setEditing,
    edit,
    saved,
    setSaved,
    onSaved,
    onCancel,
    refresh,
    setFailure,
    /** What `ContentListSection` shows around the list. */
    frame: { formRef, failure },
  };
}

/** A row's "Change" button: it opens the row in the form; `name` says which row to screen readers. */
export function ChangeButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      aria-label={name}
      onClick={onClick}
    >
      <Trans>Change</Trans>
    </button>
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
  frame: { formRef, failure },
  saved,
  title,
  query,
  rows,
  columns,
  rowKey,
  empty,
}: {
  form: ReactNode;
  frame: { formRef: RefObject<HTMLDivElement | null>; failure: number | null };
  /** The status line after a save, or false. */
  saved: ReactNode;
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
          {saved}
        </p>
      )}
      {failure !== null && <ErrorNotice className="console-alert" code={failure} />}
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
 * The end of a content form: the server's refusal, the submit button and, when a row is open
 * (`onCancel`), the way back to the empty form.
 */
export function ContentFormEnd({
  failure,
  pending,
  submit,
  onCancel,
}: {
  failure: number | null;
  pending: boolean;
  submit: ReactNode;
  onCancel: (() => void) | null;
}) {
  return (
    <>
      {failure !== null && <ErrorNotice className="console-alert" code={failure} />}
      <div className="console-content__buttons">
        <SubmitButton pending={pending}>{submit}</SubmitButton>
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </>
  );
}
