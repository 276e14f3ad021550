import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One PO entry: the message id (the source text unless an explicit id was given), its text, and the
 * context that tells two meanings of one source text apart ("Mobile" the device type and the menu).
 */
export interface PoEntry {
  readonly msgid: string;
  readonly msgstr: string;
  readonly msgctxt?: string;
}

/** PO strings use C escapes, which are a subset of JSON's for the characters Lingui writes. */
function unquote(literal: string): string {
  return JSON.parse(literal) as string;
}

/** Reads the entries of a PO file; the header entry (empty msgid) is skipped. */
export function readPoCatalog(path: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let msgctxt: string | null = null;
  let msgid: string | null = null;
  let msgstr: string | null = null;
  let field: 'msgctxt' | 'msgid' | 'msgstr' | null = null;

  const flush = () => {
    if (msgid !== null && msgid !== '' && msgstr !== null)
      entries.push({ msgid, msgstr, ...(msgctxt === null ? {} : { msgctxt }) });
    msgctxt = null;
    msgid = null;
    msgstr = null;
    field = null;
  };

  for (const raw of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('msgctxt ')) {
      flush();
      msgctxt = unquote(line.slice(8));
      field = 'msgctxt';
    } else if (line.startsWith('msgid ')) {
      if (field !== 'msgctxt') flush();
      msgid = unquote(line.slice(6));
      field = 'msgid';
    } else if (line.startsWith('msgstr ')) {
      msgstr = unquote(line.slice(7));
      field = 'msgstr';
    } else if (line.startsWith('"') && field) {
      if (field === 'msgctxt') msgctxt = (msgctxt ?? '') + unquote(line);
      else if (field === 'msgid') msgid = (msgid ?? '') + unquote(line);
      else msgstr = (msgstr ?? '') + unquote(line);
    } else if (line === '' || line.startsWith('#')) {
      if (field === 'msgstr') flush();
    }
  }
  flush();
  return entries;
}

/**
 * Every catalogue of one language in `localesDir`: the main one (messages.po) and each route's own
 * (lingui.config.ts, docs/i18n.md), read as one list of entries.
 */
export function readPoCatalogs(localesDir: string, locale: string): PoEntry[] {
  const dir = join(localesDir, locale);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.po'))
    .sort()
    .flatMap((file) => readPoCatalog(join(dir, file)));
}
