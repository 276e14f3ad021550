/** A timestamp on the wire: ISO 8601 in UTC, or null for a time that has not come. */
export const isoOrNull = (date: Date | null): string | null => date?.toISOString() ?? null;
