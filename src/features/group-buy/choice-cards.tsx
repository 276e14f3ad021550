import type { ReactNode } from 'react';

/**
 * A fieldset of radio cards: the radio covers its card, so a tap anywhere on the card chooses it
 * (the plan, duration, group size, who pays, payment method).
 */
export function ChoiceCards<V extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  compact = false,
}: {
  legend: ReactNode;
  name: string;
  options: ReadonlyArray<{ value: V; content: ReactNode }>;
  value: V | null;
  onChange: (value: V) => void;
  /** One-word options (plan, duration) sit side by side at their own width. */
  compact?: boolean;
}) {
  return (
    <fieldset className="gb-fieldset">
      <legend className="gb-legend">{legend}</legend>
      <div className={compact ? 'gb-options gb-options--inline' : 'gb-options'}>
        {options.map((option) => (
          <label
            key={option.value}
            className={`gb-choice${compact ? ' gb-choice--small' : ''}${option.value === value ? ' is-selected' : ''}`}
          >
            <input
              type="radio"
              name={name}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            {option.content}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
