import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Back and forth through a paged list: "Page 2 of 5" between two buttons, each off at its end.
 * Nothing when everything fits on one page. The labels say which way the list runs (older/newer
 * entries, previous/next page).
 */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
  back,
  forward,
  className,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  back: ReactNode;
  forward: ReactNode;
  className: string;
}) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={t`Pages`}>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {back}
      </button>
      <span className={`${className}__at`}>
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {forward}
      </button>
    </nav>
  );
}
