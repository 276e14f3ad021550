import { Trans } from '@lingui/react/macro';

/** The button that asks for what failed to load again (a query's `refetch`). */
export function RetryButton({
  onRetry,
  disabled = false,
}: {
  onRetry: () => unknown;
  /** The new try is running. */
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className="btn btn-secondary"
      disabled={disabled}
      onClick={() => void onRetry()}
    >
      <Trans>Try again</Trans>
    </button>
  );
}
