/**
 * Money, dates, plans and counted durations as a person reads them, in the active language: shared
 * by every page that shows a plan or an amount (the store, the account area).
 */
import { Select, Trans, useLingui } from '@lingui/react/macro';
import { ShopGroupType } from '../../contract/enums';
import { formatCount, formatDateTime, formatMoney, pluralCategory } from '../i18n/intl-format';
import type { Money } from '../../machines/checkout/checkout.types';

/** Minor units shown in the currency's own format, e.g. ¥299.00 or $39.99. */
export function useMoney(): (money: Money) => string {
  const { i18n } = useLingui();
  return (money: Money) => formatMoney(i18n.locale, money);
}

export function useDateTime(): (iso: string | Date) => string {
  const { i18n } = useLingui();
  return (value: string | Date) =>
    formatDateTime(i18n.locale, { dateStyle: 'long', timeStyle: 'short' }, value);
}

/**
 * A moment in a member's list (devices, sessions, passkeys, subscription fetches, the third-party
 * client's dates): the medium date and the short time, e.g. "Nov 28, 2026, 6:01 AM" or
 * "2026年11月28日 06:01", in the browser's time zone.
 */
export function useCompactDateTime(): (iso: string | Date) => string {
  const { i18n } = useLingui();
  return (value: string | Date) =>
    formatDateTime(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }, value);
}

export function useDate(): (iso: string | Date) => string {
  const { i18n } = useLingui();
  return (value: string | Date) => formatDateTime(i18n.locale, { dateStyle: 'medium' }, value);
}

export function PlanName({ groupType }: { groupType: number }) {
  return groupType === ShopGroupType.LITE ? <Trans>Lite</Trans> : <Trans>Standard</Trans>;
}

/**
 * A plan and its length, one form wherever they are named together: "Standard, 3 months",
 * "标准版 · 3 个月". The server's `productLabel` (order lists, payment pages) writes the same.
 */
export function ProductName({ groupType, months }: { groupType: number; months: number }) {
  return (
    <Trans context="a plan and its length">
      <PlanName groupType={groupType} />, <Months months={months} />
    </Trans>
  );
}

/** Counted messages are a Select on the plural category: see src/i18n/intl-format.ts. */
export function Months({ months }: { months: number }) {
  const { i18n } = useLingui();
  const category = pluralCategory(i18n.locale, months);
  const count = formatCount(months);
  return <Select value={category} _one={`${count} month`} other={`${count} months`} />;
}

/** Whole days, or hours below one day: what a buyer can picture. */
export function Duration({ seconds }: { seconds: number }) {
  const { i18n } = useLingui();
  const days = Math.floor(seconds / 86_400);
  const inDays = days >= 1;
  const shown = inDays ? days : Math.max(0, Math.floor(seconds / 3_600));
  const category = pluralCategory(i18n.locale, shown);
  const count = formatCount(shown);
  return inDays ? (
    <Select value={category} _one={`${count} day`} other={`${count} days`} />
  ) : (
    <Select value={category} _one={`${count} hour`} other={`${count} hours`} />
  );
}
