import { useLingui } from '@lingui/react/macro';
import { Locale } from '../../../contract/enums';
import { activateLocale, currentLocale } from '../../i18n/i18n';

/** Switches every string in place: the route, the form input and the scroll position stay. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const next = currentLocale() === Locale.ZH_CN ? Locale.EN : Locale.ZH_CN;
  return (
    <button
      type="button"
      className={`btn btn-ghost lang-switch ${className}`}
      lang={next}
      aria-label={t`Change language`}
      title={t`Change language`}
      onClick={() => void activateLocale(next, { persist: true })}
    >
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </svg>
      <span>{next === Locale.ZH_CN ? '中文' : 'English'}</span>
    </button>
  );
}
