import type { ReactNode } from 'react';

/**
 * A titled band of a marketing page (the home and affiliate pages): the section, its container and
 * its heading, which also names the section for assistive technology.
 */
export function PageSection({
  id,
  title,
  alt = false,
  children,
}: {
  /** The heading's id, which the section is labelled by. */
  id: string;
  title: ReactNode;
  /** The tinted background, for telling neighbouring sections apart. */
  alt?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`page-section${alt ? ' page-section--alt' : ''}`} aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
