import { Trans } from '@lingui/react/macro';

/** The spinner a page shows while its code or its first data load. */
export function PagePending() {
  return (
    <div className="page-pending" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans>Loading</Trans>
      </span>
    </div>
  );
}
