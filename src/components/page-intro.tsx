import type { ReactNode } from 'react';

/** The heading block of a page whose content a later issue builds. */
export function PageIntro({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main className="page">
      <div className="container">
        <h1 className="page-title">{title}</h1>
        <p className="lead">{children}</p>
      </div>
    </main>
  );
}
