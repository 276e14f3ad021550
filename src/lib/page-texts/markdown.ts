/**
 * The small Markdown the FAQ and the clauses are written in (docs/web.md "Content pages"):
 * headings (`#`/`##` a section, `###` a sub-heading), paragraphs, `-` and `1.` lists, one `>` note,
 * **bold**, *italic* or _italic_, [links](/path) and named placeholders such as `{supportEmail}`.
 * Nothing else has a meaning: raw HTML is text, and the renderer (src/components/markdown-text.tsx)
 * builds React elements, never HTML strings, so no markup a staff member types is ever run.
 */

/** The placeholders a content page's text may use: the support e-mail, the clause's date. */
export const PAGE_PLACEHOLDERS = ['supportEmail', 'updated'] as const;

export type Inline =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'strong' | 'em'; readonly children: readonly Inline[] }
  | { readonly kind: 'link'; readonly href: string; readonly children: readonly Inline[] }
  | { readonly kind: 'placeholder'; readonly name: string };

export type Block =
  | { readonly kind: 'heading'; readonly level: 2 | 3; readonly content: readonly Inline[] }
  | { readonly kind: 'paragraph' | 'note'; readonly content: readonly Inline[] }
  | {
      readonly kind: 'list';
      readonly ordered: boolean;
      readonly items: readonly (readonly Inline[])[];
    };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;
const NOTE = /^\s{0,3}>\s?(.*)$/;

/** Parses text with the given placeholder names (`{name}`; any other `{…}` stays as typed). */
export function parseMarkdown(
  source: string,
  placeholders: readonly string[] = PAGE_PLACEHOLDERS,
): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let note: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const inline = (text: string) => parseInline(text, placeholders);
  const flush = () => {
    if (paragraph.length > 0)
      blocks.push({ kind: 'paragraph', content: inline(paragraph.join('\n')) });
    if (note.length > 0) blocks.push({ kind: 'note', content: inline(note.join('\n')) });
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(inline) });
    paragraph = [];
    note = [];
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length <= 2 ? 2 : 3;
      blocks.push({ kind: 'heading', level, content: inline(heading[2]!) });
      continue;
    }
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (item) {
      const ordered = !BULLET.test(line);
      if (!list || list.ordered !== ordered) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1]!);
      continue;
    }
    const quoted = NOTE.exec(line);
    if (quoted && paragraph.length === 0 && !list) {
      note.push(quoted[1]!);
      continue;
    }
    // A line that continues what is open: a list item, a note, or the paragraph.
    if (list) list.items[list.items.length - 1] += `\n${line.trim()}`;
    else if (note.length > 0) note.push(line.trim());
    else paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** Where the first unescaped `close` is in `text` from `from`, or -1. */
function findClosing(text: string, close: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text.startsWith(close, i)) return i;
  }
  return -1;
}

export function parseInline(text: string, placeholders: readonly string[]): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const pushText = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length && /[\\`*_{}[\]()#+\-.!>]/.test(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (text.startsWith('**', i)) {
      const end = findClosing(text, '**', i + 2);
      if (end > i + 2) {
        pushText();
        out.push({ kind: 'strong', children: parseInline(text.slice(i + 2, end), placeholders) });
        i = end + 2;
        continue;
      }
    }
    if ((c === '*' || c === '_') && text[i + 1] !== undefined && !/\s/.test(text[i + 1]!)) {
      // `_` only at a word's edge, so snake_case and file_names stay as typed.
      const wordBefore = c === '_' && i > 0 && /\w/.test(text[i - 1]!);
      const end = wordBefore ? -1 : findClosing(text, c, i + 1);
      const wordAfter = c === '_' && end > 0 && /\w/.test(text[end + 1] ?? '');
      if (end > i + 1 && !/\s/.test(text[end - 1]!) && !wordAfter) {
        pushText();
        out.push({ kind: 'em', children: parseInline(text.slice(i + 1, end), placeholders) });
        i = end + 1;
        continue;
      }
    }
    if (c === '[') {
      const close = findClosing(text, ']', i + 1);
      if (close > i + 1 && text[close + 1] === '(') {
        const end = text.indexOf(')', close + 2);
        const href = end > 0 ? text.slice(close + 2, end).trim() : '';
        if (href !== '' && !/\s/.test(href)) {
          pushText();
          out.push({
            kind: 'link',
            href,
            children: parseInline(text.slice(i + 1, close), placeholders),
          });
          i = end + 1;
          continue;
        }
      }
    }
    if (c === '{') {
      const end = text.indexOf('}', i + 1);
      const name = end > 0 ? text.slice(i + 1, end) : '';
      if (placeholders.includes(name)) {
        pushText();
        out.push({ kind: 'placeholder', name });
        i = end + 1;
        continue;
      }
    }
    plain += c;
    i += 1;
  }
  pushText();
  return out;
}

/** Where a link may lead: a path on this site (a router link), or an https:, http: or mailto: address. */
export type LinkTarget =
  | { readonly kind: 'internal'; readonly path: string }
  | { readonly kind: 'external'; readonly href: string }
  | null;

export function linkTarget(href: string): LinkTarget {
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\'))
    return { kind: 'internal', path: href };
  if (/^(?:https?:\/\/[^\s/]|mailto:[^\s@]+@[^\s@]+$)/i.test(href))
    return { kind: 'external', href };
  return null;
}

/**
 * A text split at its level-2 headings: what comes before the first one, and each heading with
 * the blocks under it (the FAQ's questions and answers).
 */
export function sectionsOf(blocks: readonly Block[]): {
  intro: Block[];
  sections: { title: readonly Inline[]; blocks: Block[] }[];
} {
  const intro: Block[] = [];
  const sections: { title: readonly Inline[]; blocks: Block[] }[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading' && block.level === 2)
      sections.push({ title: block.content, blocks: [] });
    else (sections.at(-1)?.blocks ?? intro).push(block);
  }
  return { intro, sections };
}
