import { readFileSync } from 'node:fs';

/** One PO entry: the message id (the source text unless an explicit id was given) and its text. */
export interface PoEntry {
  readonly msgid: string;
  readonly msgstr: string;
}

/** PO strings use C escapes, which are a subset of JSON's for the characters Lingui writes. */
function unquote(literal: string): string {
  return JSON.parse(literal) as string;
}

/** Reads the msgid/msgstr pairs of a PO file; the header entry (empty msgid) is skipped. */
export function readPoCatalog(path: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let msgid: string | null = null;
  let msgstr: string | null = null;
  let field: 'msgid' | 'msgstr' | null = null;

  const flush = () => {
    if (msgid !== null && msgid !== '' && msgstr !== null) entries.push({ msgid, msgstr });
    msgid = null;
    msgstr = null;
    field = null;
  };

  for (const raw of readFileSync(path, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      flush();
      msgid = unquote(line.slice(6));
      field = 'msgid';
    } else if (line.startsWith('msgstr ')) {
      msgstr = unquote(line.slice(7));
      field = 'msgstr';
    } else if (line.startsWith('"') && field) {
      if (field === 'msgid') msgid = (msgid ?? '') + unquote(line);
      else msgstr = (msgstr ?? '') + unquote(line);
    } else if (line === '' || line.startsWith('#')) {
      if (field === 'msgstr') flush();
    }
  }
  flush();
  return entries;
}
