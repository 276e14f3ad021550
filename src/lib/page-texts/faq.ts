/** The FAQ's built-in text in both languages (docs/web.md "Content pages"): the one copy of it. */
import en from './faq.en.md?raw';
import zh from './faq.zh-CN.md?raw';
import type { Locale } from '../../../contract/enums';

export const FAQ_TEXT: Readonly<Record<Locale, string>> = { en, 'zh-CN': zh };
