import { join } from 'node:path';
import { Errors, type ErrorKey } from '../../contract/errors';
import { readPoCatalog } from './po-catalog';

export type UiLanguage = 'en' | 'zh-CN';

const LOCALES_DIR = join(import.meta.dirname, '../../src/locales');

/**
 * The text a test expects, in the language of its project, looked up in the SPA's own PO catalogs
 * by the English source message, so a changed translation changes the tests with it.
 */
export class I18n {
  private readonly byEnglish = new Map<string, string>();

  constructor(readonly language: UiLanguage) {
    const en = readPoCatalog(join(LOCALES_DIR, 'en/messages.po'));
    const zh = new Map(
      readPoCatalog(join(LOCALES_DIR, 'zh-CN/messages.po')).map((e) => [e.msgid, e.msgstr]),
    );
    for (const entry of en) {
      // The source locale's msgstr may be empty (the msgid is the text) or the text of an explicit id.
      const english = entry.msgstr || entry.msgid;
      const target = language === 'en' ? english : zh.get(entry.msgid);
      if (target) this.byEnglish.set(english, target);
    }
  }

  /** The UI text of an English source message, with `{name}` placeholders filled in. */
  t(english: string, values: Record<string, string | number> = {}): string {
    const text = this.byEnglish.get(english);
    if (text === undefined) {
      throw new Error(`No ${this.language} translation of "${english}" in src/locales`);
    }
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
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
