import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import './copy-button.css';

/** SPEC §9: how long a copy button shows its copied state. */
export const COPIED_STATE_MS = 3000;

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (plain http, old WebViews): the selection-based fallback.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** The resting label; "Copy" by default. */
  children?: ReactNode;
  className?: string;
  /** Accessible name when the label alone is not enough ("Copy the smart link"). */
  'aria-label'?: string;
}

/**
 * Copies `text` and shows "Copied" for 3 seconds (SPEC §9), announced to screen readers. Both
 * labels occupy the same cell, so the button keeps its width: no layout shift.
 */
export function CopyButton({ text, children, className = '', ...rest }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const ok = await writeClipboard(text);
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPIED_STATE_MS);
  };

  return (
    <>
      <button
        type="button"
        className={`btn btn-secondary copy-button ${className}`}
        data-state={state}
        aria-label={rest['aria-label']}
        onClick={() => void copy()}
      >
        <svg
          viewBox="0 0 20 20"
          width="16"
          height="16"
          aria-hidden="true"
          className="copy-button__icon"
        >
          {state === 'copied' ? (
            <path d="M4 10.5l4 4L16 6" fill="none" stroke="currentColor" strokeWidth="2.2" />
          ) : (
            <path
              d="M7 3h8a2 2 0 012 2v8M5 7h7a1 1 0 011 1v8a1 1 0 01-1 1H5a1 1 0 01-1-1V8a1 1 0 011-1z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
          )}
        </svg>
        <span className="copy-button__labels">
          <span aria-hidden={state !== 'idle'}>{children ?? <Trans>Copy</Trans>}</span>
          <span aria-hidden={state !== 'copied'}>
            <Trans>Copied</Trans>
          </span>
          <span aria-hidden={state !== 'failed'}>
            <Trans>Copy failed</Trans>
          </span>
        </span>
      </button>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? (
          <Trans>Copied</Trans>
        ) : state === 'failed' ? (
          <Trans>Copy failed</Trans>
        ) : (
          ''
        )}
      </span>
    </>
  );
}
