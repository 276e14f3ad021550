import type { ReactNode } from 'react';

/** A titled step of the store's forms: the plan, the duration, the payment method, the network. */
export function StoreFieldset({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="store-fieldset">
      <legend className="store-legend">{legend}</legend>
      {children}
    </fieldset>
  );
}
