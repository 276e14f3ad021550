/** Traffic figures as the account area writes them (src/i18n/intl-format.ts `formatBytes`). */
import { describe, expect, it } from 'vitest';
import { formatBytes, sentenceGap } from '../../src/i18n/intl-format';

describe('formatBytes', () => {
  it('uses 1024-based units with two, one or no decimals as the number grows', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.50 GB');
    expect(formatBytes(22 * 1024 ** 3)).toBe('22.0 GB');
    expect(formatBytes(123.4 * 1024 ** 3)).toBe('123 GB');
    expect(formatBytes(1023.9 * 1024 ** 2)).toBe('1.00 GB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3.00 TB');
  });

  it('never shows a negative amount', () => {
    expect(formatBytes(-5)).toBe('0 B');
  });
});

describe('sentenceGap', () => {
  it('is a space between English sentences and nothing between Chinese ones', () => {
    expect(sentenceGap('en')).toBe(' ');
    expect(sentenceGap('zh-CN')).toBe('');
  });
});
