/**
 * An error that sends the user somewhere in the site names the way there exactly as the menus show
 * it, in each language: the header's "Personal centre", then the account menu's entry. The audit
 * found "Account > Devices" where the menus said "Personal centre" and 设备管理 (issue 19).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorMessage, Errors } from '../../contract/errors';

/**
 * The zh-CN text of a source message without context, from the SPA's catalogue that holds the menu:
 * the main one for the header, the account area's own (docs/i18n.md) for the account menu.
 */
function zh(source: string, catalogue: 'messages' | 'account'): string {
  const po = readFileSync(
    new URL(`../../src/locales/zh-CN/${catalogue}.po`, import.meta.url),
    'utf8',
  );
  const entry = new RegExp(`^msgid ${JSON.stringify(source)}\\nmsgstr "(.*)"$`, 'm').exec(po);
  // The first entry of that source must be the plain one, not one with a context.
  expect(entry, source).not.toBeNull();
  const before = po.slice(0, entry!.index).trimEnd().split('\n').at(-1) ?? '';
  expect(before.startsWith('msgctxt'), source).toBe(false);
  return JSON.parse(`"${entry![1]}"`) as string;
}

describe('the device-limit error names the menus as they are shown', () => {
  it('in English: Personal centre > Devices', () => {
    const path = 'Personal centre > Devices';
    expect(Errors.DEVICE_LIMIT_REACHED.en).toContain(path);
    expect(errorMessage(Errors.DEVICE_LIMIT_REACHED.code, 'en', { limit: 2 })).toContain(path);
  });

  it('in Chinese: the catalogue’s 个人中心 > 设备管理', () => {
    const path = `${zh('Personal centre', 'messages')} > ${zh('Devices', 'account')}`;
    expect(path).toBe('个人中心 > 设备管理');
    expect(Errors.DEVICE_LIMIT_REACHED.zh_CN).toContain(`「${path}」`);
  });
});
