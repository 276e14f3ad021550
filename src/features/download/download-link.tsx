import type { ReactNode } from 'react';

/** A download button; until the config arrives it holds its place without a link. */
export function DownloadLink({
  href,
  children,
  primary = false,
}: {
  href: string | undefined;
  children: ReactNode;
  primary?: boolean;
}) {
  const className = `btn ${primary ? 'btn-primary' : 'btn-secondary'} download-button`;
  if (!href)
    return (
      <span className={`${className} is-pending`} aria-disabled="true">
        {children}
      </span>
    );
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
