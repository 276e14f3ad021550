/**
 * The second step of a member's sign-in after too many wrong codes: the server's wait counts down
 * under the field, in the language shown, and is gone once it is over; a new refusal starts its own.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Errors } from '../../contract/errors';
import { SecondStepForm } from '../../src/features/auth/second-step-form';
import { activateLocale, i18n } from '../../src/i18n/i18n';
import type { Refusal } from '../../src/lib/api-error';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const throttled = (seconds: number): Refusal => ({
  code: Errors.TOO_MANY_FAILED_ATTEMPTS.code,
  data: { retryAfterSeconds: seconds },
});

function form(refusal: Refusal | null) {
  return (
    <I18nProvider i18n={i18n}>
      <SecondStepForm
        factor="totp"
        pending={false}
        refusal={refusal}
        onSubmit={() => undefined}
        onToggle={() => undefined}
        onBack={() => undefined}
      />
    </I18nProvider>
  );
}

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the second step after too many wrong codes', () => {
  it('counts the wait down to the second it is over', async () => {
    await activateLocale('en');
    const view = render(form(throttled(3)));
    expect(
      screen.getByText('Too many failed attempts. Please wait 3 s and try again.'),
    ).toBeTruthy();
    tick(1_000);
    expect(
      screen.getByText('Too many failed attempts. Please wait 2 s and try again.'),
    ).toBeTruthy();
    tick(2_000);
    expect(screen.queryByText(/Too many failed attempts/)).toBeNull();
    // A new refusal with the same wait starts its own count.
    view.rerender(form(throttled(3)));
    expect(
      screen.getByText('Too many failed attempts. Please wait 3 s and try again.'),
    ).toBeTruthy();
  });

  it('says it in Chinese when the page is in Chinese', async () => {
    await activateLocale('zh-CN');
    render(form(throttled(30)));
    tick(5_000);
    expect(screen.getByText('尝试次数过多，请 25 秒后再试。')).toBeTruthy();
  });

  it('shows any other refusal as it is', async () => {
    await activateLocale('en');
    render(form({ code: Errors.TOTP_CODE_INVALID.code }));
    tick(10_000);
    expect(screen.getByText(Errors.TOTP_CODE_INVALID.en)).toBeTruthy();
  });
});
