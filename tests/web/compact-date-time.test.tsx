/**
 * A moment in a member's list reads the same on every page that shows one (devices, online devices,
 * sessions, passkeys, subscription fetches, the third-party client): `useCompactDateTime` in
 * src/components/formats.tsx.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCompactDateTime } from '../../src/components/formats';
import { activateLocale, i18n } from '../../src/i18n/i18n';

afterEach(cleanup);

// Built from local parts, so the browser's (here the process's) time zone shows these numbers back.
const MORNING = new Date(2026, 10, 28, 6, 1);
const EVENING = new Date(2026, 0, 5, 18, 7);

function When({ value }: { value: string | Date }) {
  return <>{useCompactDateTime()(value)}</>;
}

function rendered(value: string | Date): string {
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <When value={value} />
    </I18nProvider>,
  );
  const out = container.textContent ?? '';
  cleanup();
  // Some ICU versions put a narrow no-break space before AM/PM.
  return out.replace(/\u202f/g, ' ');
}

describe('useCompactDateTime', () => {
  it('writes the medium date and the short time in English', async () => {
    await activateLocale('en');
    expect(rendered(MORNING)).toBe('Nov 28, 2026, 6:01 AM');
    expect(rendered(EVENING.toISOString())).toBe('Jan 5, 2026, 6:07 PM');
  });

  it('writes the medium date and the 24-hour time in Chinese', async () => {
    await activateLocale('zh-CN');
    expect(rendered(MORNING.toISOString())).toBe('2026年11月28日 06:01');
    expect(rendered(EVENING)).toBe('2026年1月5日 18:07');
  });
});

describe('one way to write a moment in a list', () => {
  it('is useCompactDateTime: no page passes its options to formatDateTime itself', () => {
    // jsdom gives this module an http URL: the repository is the working directory.
    const src = join(process.cwd(), 'src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.endsWith('components/formats.tsx'),
    );
    expect(files.length).toBeGreaterThan(20);
    const ownFormat = files.filter((file) =>
      /dateStyle: 'medium', timeStyle: 'short'/.test(readFileSync(join(src, file), 'utf8')),
    );
    expect(ownFormat).toEqual([]);
  });
});
