/**
 * A date field's day (the reader's local time) as the start or the end of that day, in ISO form:
 * the `from` and `to` of the console's filters. An empty or impossible day gives nothing.
 */
export function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const at = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** The filter's `from` and `to` for two date fields, leaving out the empty ones. */
export function dayRange(from: string, to: string): { from?: string; to?: string } {
  const start = dayBound(from, false);
  const end = dayBound(to, true);
  return { ...(start ? { from: start } : {}), ...(end ? { to: end } : {}) };
}
