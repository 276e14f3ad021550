import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';

/** One entry of a menu of the site's own pages. */
export interface NavEntry {
  to: LinkProps['to'];
  label: ReactNode;
  /** Active on the page itself only, not on the pages under it (the home page). */
  exact?: boolean;
}

/** A menu's links (the header's, the account area's), each marked active on its own page. */
export function NavLinks({
  entries,
  className,
}: {
  entries: readonly NavEntry[];
  className: string;
}) {
  return (
    <>
      {entries.map(({ to, label, exact }) => (
        <Link
          key={to}
          to={to}
          className={className}
          activeOptions={exact ? { exact: true } : undefined}
        >
          {label}
        </Link>
      ))}
    </>
  );
}
