/**
 * The clauses' built-in texts in both languages (docs/web.md "Content pages"): the one copy of
 * them, which /clause/$name renders and the console's editor starts from; and their dates.
 */
import type { ClauseName } from '../../../contract/web-routes';
import type { Locale } from '../../../contract/enums';
import canaryEn from './canary.en.md?raw';
import canaryZh from './canary.zh-CN.md?raw';
import privacyEn from './privacy.en.md?raw';
import privacyZh from './privacy.zh-CN.md?raw';
import termsEn from './terms.en.md?raw';
import termsZh from './terms.zh-CN.md?raw';

export const CLAUSE_TEXTS: Readonly<Record<ClauseName, Readonly<Record<Locale, string>>>> = {
  terms: { en: termsEn, 'zh-CN': termsZh },
  privacy: { en: privacyEn, 'zh-CN': privacyZh },
  canary: { en: canaryEn, 'zh-CN': canaryZh },
};

/** The date of the built-in warrant canary (renewed monthly) and of the terms and privacy policy. */
export const CANARY_DATE = '2026-11-01';
export const CLAUSES_UPDATED = '2026-04-20';

/** When a clause's built-in text was last changed. */
export const builtInClauseDate = (name: ClauseName): string =>
  name === 'canary' ? CANARY_DATE : CLAUSES_UPDATED;
