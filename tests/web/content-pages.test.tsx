/**
 * The FAQ and the clauses as Markdown (docs/web.md "Content pages"): the small parser, and the
 * pages rendering the built-in text or the replacement staff published, in the reader's language,
 * with internal links as router links, the support e-mail filled in and typed HTML kept as text.
 */
import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PageReplacement } from '../../contract/endpoints/system';
import { openApp, testDisplayConfig } from './support/open-app';
import { activateLocale } from '../../src/i18n/i18n';
import { FAQ_TEXT } from '../../src/lib/page-texts/faq';
import { parseInline, parseMarkdown, sectionsOf } from '../../src/lib/page-texts/markdown';

describe('the content pages’ Markdown', () => {
  it('reads headings, paragraphs, both kinds of list and a note', () => {
    const blocks = parseMarkdown(
      '> Note line\n\nIntro one\ncontinued\n\n## Question?\n\n- a\n- b\n  more of b\n1. one\n2) two\n\n### Sub',
    );
    expect(blocks.map((b) => b.kind)).toEqual([
      'note',
      'paragraph',
      'heading',
      'list',
      'list',
      'heading',
    ]);
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      content: [{ kind: 'text', text: 'Intro one\ncontinued' }],
    });
    expect(blocks[3]).toMatchObject({
      ordered: false,
      items: [[{ text: 'a' }], [{ text: 'b\nmore of b' }]],
    });
    expect(blocks[4]).toMatchObject({
      ordered: true,
      items: [[{ text: 'one' }], [{ text: 'two' }]],
    });
    expect(blocks[5]).toMatchObject({ kind: 'heading', level: 3 });
    const { intro, sections } = sectionsOf(blocks);
    expect(intro).toHaveLength(2);
    expect(sections).toHaveLength(1);
    expect(sections[0]!.blocks).toHaveLength(3);
  });

  it('reads bold, italic, links and the known placeholders; everything else is text', () => {
    expect(
      parseInline('**Bold** and *it* and _also_ [words](/faq) {supportEmail}', ['supportEmail']),
    ).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'Bold' }] },
      { kind: 'text', text: ' and ' },
      { kind: 'em', children: [{ kind: 'text', text: 'it' }] },
      { kind: 'text', text: ' and ' },
      { kind: 'em', children: [{ kind: 'text', text: 'also' }] },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: '/faq', children: [{ kind: 'text', text: 'words' }] },
      { kind: 'text', text: ' ' },
      { kind: 'placeholder', name: 'supportEmail' },
    ]);
    for (const text of [
      '<img src=x onerror=alert(1)>',
      'snake_case_name and 2 * 3 * 4',
      '{unknown} and \\*not italic\\*',
      '[no link] (here)',
    ])
      expect(
        parseInline(text, ['supportEmail'])
          .map((n) => (n.kind === 'text' ? n.text : '?'))
          .join(''),
      ).toBe(text.replaceAll('\\*', '*'));
  });
});

const displayConfig = testDisplayConfig({
  more: [],
  help: [],
  affiliateContact: 'https://t.me/k',
  supportEmail: 'help@kestrel.example',
});

const REPLACEMENT: PageReplacement = {
  bodyEn:
    'Ask {supportEmail}.\n\n## Is it **fast**?\n\nYes: see the [tips](/download/tips), [evil](javascript:alert(1)) <script>alert(1)</script>\n\n## Refunds?\n\n1. Ask\n2. Wait',
  bodyZh: '请问 {supportEmail}。\n\n## 快吗？\n\n是的。',
  updatedAt: '2027-02-03T10:00:00.000Z',
};

async function openPage(path: string, replacement: PageReplacement | null) {
  const page = path === '/faq' ? 'faq' : path.slice('/clause/'.length);
  await openApp(path, displayConfig, [[['page-text', page], { replacement }]]);
}

beforeAll(() => {
  configure({ asyncUtilTimeout: 10_000 });
  window.scrollTo = () => {};
});
beforeEach(async () => {
  localStorage.clear();
  await activateLocale('en');
});
afterEach(cleanup);

// The first test transforms the page's lazy chunk: on two busy cores that takes seconds.
describe('the FAQ and the clauses', { timeout: 20_000 }, () => {
  it('shows the built-in FAQ, one collapsible item per question of its Markdown', async () => {
    await openPage('/faq', null);
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    const questions = [...FAQ_TEXT.en.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(questions).toHaveLength(5);
    const items = main.querySelectorAll('details.faq-item');
    expect([...items].map((d) => d.querySelector('summary h2')!.textContent)).toEqual(questions);
    expect(
      within(main).getAllByRole('link', { name: 'help@kestrel.example' })[0]!.getAttribute('href'),
    ).toBe('mailto:help@kestrel.example');
    expect(within(main).getByRole('link', { name: 'installation tips' }).getAttribute('href')).toBe(
      '/download/tips',
    );
  });

  it('shows the published FAQ instead: router links, no link to javascript:, HTML as text', async () => {
    await openPage('/faq', REPLACEMENT);
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 2, name: 'Is it fast?' });
    const items = main.querySelectorAll('details.faq-item');
    expect(items).toHaveLength(2);
    expect(items[0]!.querySelector('summary h2 strong')!.textContent).toBe('fast');
    expect(within(main).getByRole('link', { name: 'tips' }).getAttribute('href')).toBe(
      '/download/tips',
    );
    expect(within(main).queryByRole('link', { name: 'evil' })).toBeNull();
    expect(main.querySelector('script')).toBeNull();
    expect(main.textContent).toContain('<script>alert(1)</script>');
    expect(items[1]!.querySelectorAll('ol li')).toHaveLength(2);
    expect(main.textContent).not.toContain("I didn't receive a verification code");
  });

  it('shows the Chinese text to a Chinese reader', async () => {
    await activateLocale('zh-CN');
    await openPage('/faq', REPLACEMENT);
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('快吗？')).toBeTruthy();
    expect(main.textContent).toContain('请问 help@kestrel.example');
  });

  it('dates a published clause by its publication, the built-in one by its own date', async () => {
    await openPage('/clause/terms', { ...REPLACEMENT, bodyEn: '## 1. New terms\n\nBe nice.' });
    expect(await screen.findByText('Last updated: February 3, 2027')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '1. New terms' })).toBeTruthy();
    cleanup();
    await openPage('/clause/canary', null);
    expect(await screen.findByText('Last updated: November 1, 2026')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      'As of November 1, 2026, Kestrel VPN states:',
    );
  });
});
