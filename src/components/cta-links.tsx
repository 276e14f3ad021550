import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';

/** One button-styled link to a page of the site. */
export interface CtaLink {
  to: LinkProps['to'];
  label: ReactNode;
  /** The button's classes; a secondary button unless told. */
  className?: string;
}

/**
 * A row of button-styled links, a section's calls to action. With a label the row is a `nav`
 * named by it, otherwise a plain `div`.
 */
export function CtaLinks({
  links,
  className,
  label,
}: {
  links: readonly CtaLink[];
  className: string;
  label?: string;
}) {
  const Row = label === undefined ? 'div' : 'nav';
  return (
    <Row className={className} aria-label={label}>
      {links.map(({ to, label: text, className: look = 'btn btn-secondary' }) => (
        <Link key={to} to={to} className={look}>
          {text}
        </Link>
      ))}
    </Row>
  );
}
