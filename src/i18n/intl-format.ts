/**
 * Money, counts and dates as each language writes them.
 *
 * Dates go through Intl, with one DateTimeFormat per locale and options: building a formatter costs
 * far more than using it.
 *
 * Numbers are written here, not by Intl.NumberFormat: the first NumberFormat of a page loads ICU's
 * number data, 18-23 ms of main thread on a desktop and four times that on a phone, in the middle of
 * /pricing's first render (DESIGN §7's Lighthouse budget).
 * - Money: the store sells in two currencies and speaks two languages, so the four ways of writing
 *   a price are a table: CLDR's symbols, grouping by thousands with commas, two decimals, the minus
 *   sign first. A unit test checks the table against Intl for every pair.
 * - Counts ("3 months", "2 devices"): Lingui's `<Plural>` formats its number with a NumberFormat
 *   even when the message has no `#`, so counted messages are a `<Select>` on `pluralCategory()`
 *   (Intl.PluralRules, which loads no number data) with the count written by `formatCount()`.
 */
import type { z } from 'zod';
import { Locale } from '../../contract/enums';
import type { money } from '../../contract/endpoints/common';

type Money = z.infer<typeof money>;

/** One formatter per key: building one costs far more than using it. */
function cached<T>(cache: Map<string, T>, key: string, build: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = build();
    cache.set(key, value);
  }
  return value;
}

/** CLDR's currency symbols: each language marks the currency that is not its own. */
const SYMBOLS: Record<Locale, Record<Money['currency'], string>> = {
  [Locale.EN]: { CNY: 'CN¥', USD: '$' },
  [Locale.ZH_CN]: { CNY: '¥', USD: 'US$' },
};

/** An integer grouped by thousands, as both languages write it: 1095 → 1,095. */
export function formatCount(count: number): string {
  const digits = String(Math.abs(Math.trunc(count))).replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 ? `-${digits}` : digits;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** CLDR's plural category of a count in the locale: `one` or `other` in English, `other` in Chinese. */
export function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  return cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count);
}

/** Integer minor units (fen, cents) in the locale's format, e.g. 29900 CNY → ¥299.00 in Chinese. */
export function formatMoney(locale: string, money: Money): string {
  const symbols = SYMBOLS[locale === Locale.EN ? Locale.EN : Locale.ZH_CN];
  const minor = Math.abs(Math.round(money.amount));
  const whole = formatCount(Math.floor(minor / 100));
  const cents = String(minor % 100).padStart(2, '0');
  return `${money.amount < 0 && minor > 0 ? '-' : ''}${symbols[money.currency]}${whole}.${cents}`;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDateTime(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  value: string | number | Date,
): string {
  const format = cached(
    dateTimeFormats,
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
  return format.format(value instanceof Date ? value : new Date(value));
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/**
 * Bytes in 1024-based units, as V2Board-style panels and the proxy clients show traffic, alike in
 * both languages: 0 → "0 B", 1536 → "1.50 KB", 5.5 GiB → "5.50 GB", 123.4 GiB → "123 GB".
 */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // Compared after rounding, so 1023.9 MB reads 1.00 GB rather than 1024 MB.
  while (Math.round(value) >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${formatCount(Math.round(value))} B`;
  const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
  return `${value.toFixed(digits)} ${BYTE_UNITS[unit]}`;
}

/** What goes between two sentences of separate messages: a space in English, nothing in Chinese. */
export function sentenceGap(locale: string): string {
  return locale === Locale.EN ? ' ' : '';
}
