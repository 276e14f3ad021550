import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import './dialog.css';

interface Props {
  title: ReactNode;
  /** The sentence under the title that says what the dialog is about (its accessible description). */
  text?: ReactNode;
  /** `alertdialog` for a question before an act that cannot be taken back. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** Where focus starts; otherwise the first field, and with none the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Escape closes the dialog when it is given. */
  onEscape?: () => void;
  children: ReactNode;
}

/**
 * The modal frame every dialog shares (confirmations, account deletion, a payout request, the
 * payment result): backdrop, the card named by its title, focus moved in, Escape to leave.
 */
export function Modal({
  title,
  text,
  role = 'dialog',
  className,
  initialFocus,
  onEscape,
  children,
}: Props) {
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    (initialFocus?.current ?? dialog?.querySelector('input') ?? dialog)?.focus();
  }, [initialFocus]);

  useEffect(() => {
    if (!onEscape) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscape();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onEscape]);

  return (
    <div className="dialog-backdrop">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className={className ? `dialog card ${className}` : 'dialog card'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={text === undefined ? undefined : textId}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {text !== undefined && (
          <div id={textId} className="dialog__text">
            {text}
          </div>
        )}
        {children}
      </div>
    </div>
  );
}
