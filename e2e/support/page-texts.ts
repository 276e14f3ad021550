/**
 * The built-in texts of the FAQ and the clauses (src/lib/page-texts/*.md, docs/web.md "Content
 * pages"), read as the pages read them, so a test finds a question or a sentence in the language
 * of its project without a copy of the text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentPage } from '../../contract/content-pages';
import {
  parseMarkdown,
  sectionsOf,
  type Block,
  type Inline,
} from '../../src/lib/page-texts/markdown';
import type { UiLanguage } from './i18n';

const DIR = join(import.meta.dirname, '../../src/lib/page-texts');

/** The words of inline Markdown; a placeholder stays `{name}` (match it with `asPattern`). */
const words = (nodes: readonly Inline[]): string =>
  nodes
    .map((n) =>
      n.kind === 'text' ? n.text : n.kind === 'placeholder' ? `{${n.name}}` : words(n.children),
    )
    .join('');

const blockText = (block: Block): string =>
  block.kind === 'list' ? block.items.map(words).join('\n') : words(block.content);

/** The words of each link in a block, in order. */
const linkWords = (nodes: readonly Inline[]): string[] =>
  nodes.flatMap((n) =>
    n.kind === 'link' ? [words(n.children)] : 'children' in n ? linkWords(n.children) : [],
  );

export interface BuiltInSection {
  readonly title: string;
  /** Each block's words (a list's items joined by new lines). */
  readonly blocks: readonly string[];
  /** The words of the section's links, in order. */
  readonly links: readonly string[];
}

export function builtInText(page: ContentPage, language: UiLanguage) {
  const markdown = readFileSync(join(DIR, `${page}.${language}.md`), 'utf8');
  const { intro, sections } = sectionsOf(parseMarkdown(markdown));
  return {
    markdown,
    intro: intro.map(blockText),
    sections: sections.map((s): BuiltInSection => ({
      title: words(s.title),
      blocks: s.blocks.map(blockText),
      links: s.blocks.flatMap((b) =>
        b.kind === 'list' ? b.items.flatMap(linkWords) : linkWords(b.content),
      ),
    })),
  };
}

/** A text with `{placeholders}` as a pattern matching the whole text whatever they stand for. */
export function asPattern(text: string): RegExp {
  const parts = text.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+?')}$`);
}
