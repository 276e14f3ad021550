import { Trans } from '@lingui/react/macro';
import { RetryButton } from './retry-button';

/** What a card shows of its query before it has data: a loading line, or the button to ask again. */
export function QueryStatus({
  query,
}: {
  query: { readonly isPending: boolean; readonly isError: boolean; refetch(): Promise<unknown> };
}) {
  return (
    <>
      {query.isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {query.isError && <RetryButton onRetry={() => query.refetch()} />}
    </>
  );
}
