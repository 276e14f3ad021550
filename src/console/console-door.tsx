import type { ReactNode } from 'react';

/**
 * The card of a console page one reaches signed out (the staff sign-in, the enrolment and its
 * recovery codes): its title over what it asks; `wide` for the enrolment's steps and the codes.
 */
export function ConsoleDoor({
  title,
  wide = false,
  children,
}: {
  title: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="console-door">
      <div
        className={
          wide ? 'console-door__card console-door__card--wide card' : 'console-door__card card'
        }
      >
        <h1 className="console-door__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
