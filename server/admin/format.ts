/** Plain-text output of the operator CLI: aligned columns, money in major units with its currency. */
export type Currency = 'CNY' | 'USD';
export const CURRENCIES_SOLD: readonly Currency[] = ['CNY', 'USD'];

export function money(amount: number | null | undefined, currency: string | null | undefined) {
  if (amount === null || amount === undefined || !currency) return '-';
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

/** `1 order`, `3 orders`, `1 day`: a count with its noun in English (the operator CLI's language). */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A moment (a Date, or the ISO text the operator functions answer) in ISO-8601 UTC; `-` for none. */
export function isoOrDash(date: Date | string | null | undefined): string {
  if (!date) return '-';
  return (typeof date === 'string' ? new Date(date) : date).toISOString().replace('.000Z', 'Z');
}

/** Columns padded to their widest cell; the header first. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
