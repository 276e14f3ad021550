import { useId, type ReactNode } from 'react';

/**
 * A card of the account area and the store (profile, rewards, KOL, benefits, group buy, third-party
 * client): a section named by its heading for assistive technology. Each feature keeps its own
 * look: `look` is the card's CSS block (`profile-card`), its heading is `<look>__title`.
 */
export function TitledCard({
  title,
  look,
  className,
  titleId,
  children,
}: {
  title: ReactNode;
  look: string;
  /** More classes of the section (`danger-zone`). */
  className?: string;
  /** The heading's id, when something else points at it; a generated one otherwise. */
  titleId?: string;
  children: ReactNode;
}) {
  const generatedId = useId();
  const id = titleId ?? generatedId;
  return (
    <section className={['card', look, className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <h2 id={id} className={`${look}__title`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
