import { useLingui } from '@lingui/react/macro';
import { Locale } from '../../contract/enums';
import { activateLocale, currentLocale } from '../i18n/i18n';

/** The console's language switch: every string changes in place, the page and its input stay. */
export function LanguageButton() {
  const { t } = useLingui();
  const next = currentLocale() === Locale.ZH_CN ? Locale.EN : Locale.ZH_CN;
  return (
    <button
      type="button"
      className="btn btn-ghost console-bar__lang"
      lang={next}
      aria-label={t`Change language`}
      title={t`Change language`}
      onClick={() => void activateLocale(next, { persist: true })}
    >
      {next === Locale.ZH_CN ? '中文' : 'English'}
    </button>
  );
}
