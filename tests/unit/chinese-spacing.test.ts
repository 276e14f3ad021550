/**
 * Chinese texts put a space between Chinese and Latin letters or digits ("红隼 VPN 验证码", "3 个月"),
 * the house style of the catalogue. The audit found "红隼 VPN验证码" in the code e-mails: this holds
 * every Chinese text of the product to it: the SPA's catalogue, the error catalogue and the messages.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Errors } from '../../contract/errors';
import { messageText, type MessageKind } from '../../server/messaging/message-texts';

const GLUED = /[A-Za-z0-9][\u4e00-\u9fff]|[\u4e00-\u9fff][A-Za-z0-9]/;
const KINDS: MessageKind[] = ['register_code', 'register_existing', 'reset_code', 'reset_unknown'];

/** Every zh-CN catalogue: the main one and each route's own (docs/i18n.md). */
function catalogueTexts(): string[] {
  const dir = new URL('../../src/locales/zh-CN/', import.meta.url);
  const files = readdirSync(dir).filter((file) => file.endsWith('.po'));
  expect(files).toContain('messages.po');
  expect(files).toContain('crypto-pay.po');
  expect(files).toContain('group-buy.po');
  return files.flatMap((file) => {
    const po = readFileSync(new URL(file, dir), 'utf8');
    return [...po.matchAll(/^msgstr "(.*)"$/gm)].map((m) => JSON.parse(`"${m[1]}"`) as string);
  });
}

describe('Chinese spacing', () => {
  it('holds in the SPA’s catalogue', () => {
    const texts = catalogueTexts();
    expect(texts.length).toBeGreaterThan(500);
    expect(texts.filter((text) => GLUED.test(text))).toEqual([]);
  });

  it('holds in the error catalogue', () => {
    const glued = Object.values(Errors)
      .map((e) => e.zh_CN)
      .filter((text) => GLUED.test(text));
    expect(glued).toEqual([]);
  });

  it('holds in the code e-mails and SMS', () => {
    for (const kind of KINDS)
      for (const channel of ['email', 'phone'] as const) {
        const { subject, text } = messageText(kind, '123456', 'zh_CN', channel);
        expect(`${subject} ${text}`, `${kind} ${channel}`).not.toMatch(GLUED);
      }
  });
});
