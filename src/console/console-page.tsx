import type { ReactNode } from 'react';
import type { ConsolePermission } from '../../contract/endpoints/console';
import { Permitted } from './console-forbidden';

/**
 * A console section's page: its title over its parts, shown when the role holds `permission`
 * (else the console's forbidden page); the overview, open to every role, has none.
 */
export function ConsolePage({
  permission,
  title,
  className,
  children,
}: {
  permission?: ConsolePermission;
  title: ReactNode;
  /** The section's own class beside console-page (console-store). */
  className?: string;
  children: ReactNode;
}) {
  const page = (
    <div className={className ? `console-page ${className}` : 'console-page'}>
      <h1 className="console-page__title">{title}</h1>
      {children}
    </div>
  );
  return permission ? <Permitted permission={permission}>{page}</Permitted> : page;
}
