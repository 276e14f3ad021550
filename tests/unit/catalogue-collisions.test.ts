/**
 * The route catalogues (docs/i18n.md "A route's own catalogue") are loaded into the same Lingui
 * instance as the main one, and a message's id is the hash of its text and context: a text that
 * stands in two catalogues with two translations shows whichever catalogue loaded last. That is
 * how the member header's "Devices" (设备管理) read 设备 after a visit to the console. Every text
 * shared by two Chinese catalogues therefore has one translation; a text that means something else
 * in the console takes a `context` there, which gives it an id of its own.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Entry {
  catalogue: string;
  translation: string;
}

/** The entries of a .po file by message: its context (if any) and its text. */
function entries(po: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern =
    /^(?:msgctxt "((?:[^"\\]|\\.)*)"\n)?msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm;
  for (const [, context, id, translation] of po.matchAll(pattern))
    if (id) found.set(`${context ?? ''}\u0004${id}`, translation!);
  return found;
}

function chineseCatalogues(): Map<string, Map<string, string>> {
  const dir = new URL('../../src/locales/zh-CN/', import.meta.url);
  const files = readdirSync(dir).filter((file) => file.endsWith('.po'));
  return new Map(files.map((file) => [file, entries(readFileSync(new URL(file, dir), 'utf8'))]));
}

describe('catalogues loaded together', () => {
  it('give a text they share one translation', () => {
    const catalogues = chineseCatalogues();
    expect([...catalogues.keys()]).toEqual(
      expect.arrayContaining(['messages.po', 'console.po', 'crypto-pay.po', 'group-buy.po']),
    );
    const byMessage = new Map<string, Entry[]>();
    for (const [catalogue, messages] of catalogues)
      for (const [message, translation] of messages) {
        const seen = byMessage.get(message) ?? [];
        seen.push({ catalogue, translation });
        byMessage.set(message, seen);
      }
    const shared = [...byMessage].filter(([, seen]) => seen.length > 1);
    expect(shared.length).toBeGreaterThan(10);
    const split = shared
      .filter(([, seen]) => new Set(seen.map((s) => s.translation)).size > 1)
      .map(([message, seen]) => ({
        message: message.replace('\u0004', ' | '),
        translations: seen.map((s) => `${s.catalogue}: ${s.translation}`),
      }));
    expect(split).toEqual([]);
  });

  it('are read whole: a context keeps its own entry', () => {
    const po = [
      'msgid "Devices"',
      'msgstr "设备管理"',
      '',
      'msgctxt "console"',
      'msgid "Devices"',
      'msgstr "设备"',
    ].join('\n');
    expect([...entries(po)]).toEqual([
      ['\u0004Devices', '设备管理'],
      ['console\u0004Devices', '设备'],
    ]);
  });
});
