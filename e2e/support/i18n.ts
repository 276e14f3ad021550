import { join } from 'node:path';
import { Errors, type ErrorKey } from '../../contract/errors';
import { readPoCatalogs } from './po-catalog';

export type UiLanguage = 'en' | 'zh-CN';

/** A source text and its context, as one map key (gettext joins them with EOT the same way). */
const key = (text: string, context?: string) => (context ? `${context}\u0004${text}` : text);

const LOCALES_DIR = join(import.meta.dirname, '../../src/locales');

/**
 * The text a test expects, in the language of its project, looked up in the SPA's own PO catalogs
 * (the main one and every route's own) by the English source message, so a changed translation changes the tests with it.
 */
export class I18n {
  private readonly byEnglish = new Map<string, string>();

  constructor(readonly language: UiLanguage) {
    const en = readPoCatalogs(LOCALES_DIR, 'en');
    const zh = new Map(
      readPoCatalogs(LOCALES_DIR, 'zh-CN').map((e) => [key(e.msgid, e.msgctxt), e.msgstr]),
    );
    for (const entry of en) {
      // The source locale's msgstr may be empty (the msgid is the text) or the text of an explicit id.
      const english = entry.msgstr || entry.msgid;
      const target = language === 'en' ? english : zh.get(key(entry.msgid, entry.msgctxt));
      if (target) this.byEnglish.set(key(english, entry.msgctxt), target);
    }
  }

  /**
   * The UI text of an English source message, with `{name}` placeholders filled in; `context` picks
   * one meaning of a source text the catalogs translate twice (Lingui's `context`).
   */
  t(english: string, values: Record<string, string | number> = {}, context?: string): string {
    const text = this.byEnglish.get(key(english, context));
    if (text === undefined) {
      const what = context ? `"${english}" (${context})` : `"${english}"`;
      throw new Error(`No ${this.language} translation of ${what} in src/locales`);
    }
    return resolveSelects(text, values).replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  }

  /** The UI text as a pattern whose placeholders match any value, e.g. a running countdown. */
  pattern(english: string): RegExp {
    const parts = this.t(english).split(/\{\w+\}/);
    return new RegExp(
      `^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`,
    );
  }

  /** A server or client error message from the contract's catalogue, in this language. */
  error(key: ErrorKey): string {
    const entry = Errors[key];
    return this.language === 'en' ? entry.en : entry.zh_CN;
  }

  /** The `language` header value the SPA sends in this language. */
  get apiLanguage(): 'en' | 'zh_CN' {
    return this.language === 'en' ? 'en' : 'zh_CN';
  }
}

/**
 * ICU `{name, select, a {…} other {…}}` parts (Lingui's <Select>, used for counted messages) replaced
 * by the branch `values[name]` picks, or `other`.
 */
function resolveSelects(text: string, values: Record<string, string | number>): string {
  const start = /\{(\w+), select, /.exec(text);
  if (!start) return text;
  const branches = new Map<string, string>();
  let at = start.index + start[0].length;
  while (text[at] !== '}') {
    const open = text.indexOf('{', at);
    const name = text.slice(at, open).trim();
    let depth = 1;
    let close = open + 1;
    for (; depth > 0; close += 1) depth += text[close] === '{' ? 1 : text[close] === '}' ? -1 : 0;
    branches.set(name, text.slice(open + 1, close - 1));
    at = close;
    while (text[at] === ' ') at += 1;
  }
  const chosen = branches.get(String(values[start[1]!])) ?? branches.get('other') ?? '';
  return resolveSelects(text.slice(0, start.index) + chosen + text.slice(at + 1), values);
}

/** The catalogue key of an error code, for `i18n.error`. */
export function errorKeyOf(code: number): ErrorKey {
  const found = Object.entries(Errors).find(([, entry]) => entry.code === code);
  if (!found) throw new Error(`no catalogue entry for ${code}`);
  return found[0] as ErrorKey;
}
