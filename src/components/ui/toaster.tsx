import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { dismissToast, getToasts, subscribeToasts } from '../../lib/toast-store';
import './toaster.css';

/** Errors interrupt (role=alert); other notices wait their turn (role=status). */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const { t } = useLingui();
  return (
    <div className="toaster">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.tone}`}
          role={toast.tone === 'error' ? 'alert' : 'status'}
        >
          <span className="toast__text">{toast.text}</span>
          <button
            type="button"
            className="toast__close"
            aria-label={t`Dismiss`}
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
