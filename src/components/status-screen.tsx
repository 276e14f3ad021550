import type { ReactNode } from 'react';
import { ResultIllustration, type ResultCode } from './result-illustration';
import './status-screen.css';

/**
 * A whole-page result (SPEC §8's illustrations): the code's picture, a title, a sentence, then what
 * the visitor can do next. `role="alert"` announces the screens that replace a failed page.
 */
export function StatusScreen({
  code,
  title,
  text,
  role,
  children,
}: {
  code: ResultCode;
  title: ReactNode;
  text: ReactNode;
  role?: 'alert';
  children: ReactNode;
}) {
  return (
    <main className="status-screen" role={role}>
      <div>
        <ResultIllustration code={code} />
        <h1 className="status-screen__title">{title}</h1>
        <p className="status-screen__text">{text}</p>
        {children}
      </div>
    </main>
  );
}
