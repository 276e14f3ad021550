import type { ReactNode } from 'react';

/**
 * The frame of a content page: its title, the lead paragraph under it (if it has one), then what
 * the page holds. `className` adds the page's own class to the `page` one.
 */
export function ContentPage({
  title,
  lead,
  className,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <main className={className ? `page ${className}` : 'page'}>
      <div className="container">
        <h1 className="page-title">{title}</h1>
        {lead !== undefined && <p className="lead">{lead}</p>}
        {children}
      </div>
    </main>
  );
}
