import type { ReactNode } from 'react';

/** One term and its value in a definition list (`<dl>`): the profile, an order, a group, the stats. */
export function Detail({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
