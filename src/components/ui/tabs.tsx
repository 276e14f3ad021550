import type { ReactNode } from 'react';
import './tabs.css';

export interface TabOption<K extends string> {
  key: K;
  label: ReactNode;
}

/** A tab list whose panel is below it (the way of registering, my group orders' two lists). */
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
