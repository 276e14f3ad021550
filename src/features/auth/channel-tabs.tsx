import type { ReactNode } from 'react';

export interface TabOption<K extends string> {
  key: K;
  label: ReactNode;
}

/** The way-of-registering switch: a tab list whose panel is the form below it. */
export function ChannelTabs<K extends string>({
  options,
  value,
  onChange,
  label,
  panelId,
}: {
  options: readonly TabOption<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  panelId: string;
}) {
  const move = (step: number) => {
    const index = options.findIndex((option) => option.key === value);
    const next = options[(index + step + options.length) % options.length];
    if (next) onChange(next.key);
  };
  return (
    <div
      className="tabs"
      role="tablist"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') move(1);
        if (event.key === 'ArrowLeft') move(-1);
      }}
    >
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          role="tab"
          className="tabs__tab"
          aria-selected={option.key === value}
          aria-controls={panelId}
          tabIndex={option.key === value ? 0 : -1}
          onClick={() => onChange(option.key)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
