/** The legal clauses of SPEC §2; any other /clause/<name> is a 404. */
export const CLAUSE_NAMES = ['terms', 'privacy', 'canary'] as const;
export type ClauseName = (typeof CLAUSE_NAMES)[number];
