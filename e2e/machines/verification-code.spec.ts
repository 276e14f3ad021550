/**
 * The verification-code machine replayed on the register page's e-mail tab. Time is Playwright's
 * fake clock, so sixty seconds of countdown take a moment and every second is asserted.
 */
import { endpoints } from '../../contract';
import { CodeChannel, CodePurpose } from '../../contract/enums';
import { TICK_MS } from '../../machines/verification-code/verification-code.constants';
import { verificationCodeMachine } from '../../machines/verification-code/verification-code.machine';
import type { ApiClient } from '../support/api-client';
import { expect } from '../support/fixtures';
import type { I18n } from '../support/i18n';
import { describeMachinePaths, type MachinePath } from '../support/path-runner';
import { freshIdentity } from '../support/user-factory';
import type { Page } from '@playwright/test';
import { COOLDOWN_REFUSED, verificationCodeUiPaths } from './verification-code.model';

/** The countdown label with any number of seconds. */
function countdownPattern(i18n: I18n): RegExp {
  const [before = '', after = ''] = i18n
    .t('Resend in {remaining} s', { remaining: '\u0000' })
    .split('\u0000');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escape(before)}\\d+${escape(after)}$`);
}

async function setup(
  { page, i18n, api }: { page: Page; i18n: I18n; api: ApiClient },
  path: MachinePath<typeof verificationCodeMachine>,
) {
  const { email } = freshIdentity();
  if (path.steps.some((step) => (step.event.type as string) === COOLDOWN_REFUSED)) {
    // A code went to this address a moment ago, from elsewhere.
    await api.ok(endpoints.userSendCode.path, {
      channel: CodeChannel.EMAIL,
      target: email,
      purpose: CodePurpose.REGISTER,
    });
  }
  await page.clock.install();
  await page.goto('/register');
  await page.getByRole('tab', { name: i18n.t('Email') }).click();
  await page.getByLabel(i18n.t('Email'), { exact: true }).fill(email);
  // From here on only the test moves time, one TICK at a time.
  await page.clock.pauseAt(Date.now() + 1_000);
  return { email };
}

describeMachinePaths({
  title: 'verification-code machine through the register page',
  machine: verificationCodeMachine,
  generator: () => verificationCodeUiPaths(),
  traversal: {},
  setup,
  eventActions: {
    SEND: async ({ page, i18n }) => {
      await page.getByRole('button', { name: i18n.t('Send code') }).click();
    },
    'xstate.done.actor.sendCode': async () => {
      // The server's answer arrives by itself; counting proves which one it was.
    },
    'xstate.error.actor.sendCode': async () => {
      // As above: the refusal arrives by itself.
    },
    'xstate.after.TICK.verificationCode.counting': async ({ page }) => {
      await page.clock.runFor(TICK_MS);
    },
  },
  stateAssertions: {
    sending: { unobservable: 'lasts one send request; the countdown after it is asserted' },
    idle: async ({ page, i18n }) => {
      await expect(page.getByRole('button', { name: i18n.t('Send code') })).toBeEnabled();
    },
    counting: async ({ page, i18n }, snapshot) => {
      const { remaining, errorCode } = snapshot.context;
      if (errorCode === null) {
        // Started by a sent code: the seconds are the ones the server returned, tick by tick.
        const label = i18n.t('Resend in {remaining} s', { remaining });
        await expect(page.getByRole('button', { name: label, exact: true })).toBeDisabled();
        return;
      }
      // Refused as too soon: the seconds left are the server's to say (its cooldown minus the
      // time since the earlier code), so only the countdown and the reason are certain.
      await expect(page.getByRole('button', { name: countdownPattern(i18n) })).toBeDisabled();
      await expect(page.getByText(i18n.error('CODE_COOLDOWN')).first()).toBeVisible();
    },
  },
});
