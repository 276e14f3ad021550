import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../i18n/intl-format';

/** KOL amounts are US cents, shown in the project's money format ($1,234.56 / US$1,234.56). */
export function useUsd(): (cents: number) => string {
  const { i18n } = useLingui();
  return (cents: number) => formatMoney(i18n.locale, { amount: cents, currency: 'USD' });
}

/** A transaction hash fits a table cell by its two ends: 0x7c1d5d…8f7e6d. */
export function shortHash(hash: string): string {
  return hash.length <= 16 ? hash : `${hash.slice(0, 8)}…${hash.slice(-6)}`;
}
