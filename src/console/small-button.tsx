import type { ReactNode } from 'react';

/**
 * The console's small secondary button, for an act on a row or a panel ("Edit", "Add a link",
 * "Refresh"). `label` names the act for a screen reader where its text alone does not say on what
 * ("Remove “Telegram”").
 */
export function SmallButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label?: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small"
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </button>
  );
}
