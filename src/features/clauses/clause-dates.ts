/** The date of the current warrant canary (renewed monthly) and of the terms and privacy policy. */
export const CANARY_DATE = '2026-11-01';
export const CLAUSES_UPDATED = '2026-04-20';
