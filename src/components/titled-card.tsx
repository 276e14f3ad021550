import { useId, type ReactNode } from 'react';

/**
 * A card of the account area and the store (profile, rewards, KOL, benefits, group buy, third-party
 * client): a section named by its heading for assistive technology. Each feature keeps its own
 * look through `className` (added to `card`) and `titleClassName`.
 */
export function TitledCard({
  title,
  className,
  titleClassName,
  titleId,
  children,
}: {
  title: ReactNode;
  className: string;
  titleClassName: string;
  /** The heading's id, when something else points at it; a generated one otherwise. */
  titleId?: string;
  children: ReactNode;
}) {
  const generatedId = useId();
  const id = titleId ?? generatedId;
  return (
    <section className={`card ${className}`} aria-labelledby={id}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
