/**
 * Step-up in the console (src/console/step-up.tsx): an action answered STEP_UP_REQUIRED opens the
 * dialog, a fresh code goes to the step-up endpoint, and the action runs again, once; a wrong code
 * keeps the dialog, closing it drops the action, and a second STEP_UP_REQUIRED is the action's own.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useEffect } from 'react';
import { Errors } from '../../contract/errors';
import { StepUpCancelled, StepUpProvider, useStepUp } from '../../src/console/step-up';
import { activateLocale, i18n, loadRouteCatalog } from '../../src/i18n/i18n';
import { ApiError } from '../../src/lib/api-error';

const session = {
  staff: { id: 1, username: 'olivia', role: 'owner' },
  permissions: ['staff.manage'],
  csrfToken: 'csrf-after-step-up',
  idleExpiresAt: '2026-11-26T06:15:00.000Z',
  absoluteExpiresAt: '2026-11-26T14:00:00.000Z',
  secondFactorAt: '2026-11-26T06:00:00.000Z',
  stepUpFreshUntil: '2026-11-26T06:05:00.000Z',
};

const codesSent: string[] = [];
const server = setupServer(
  http.post('*/api/admin/session/step-up', async ({ request }) => {
    const { code } = (await request.json()) as { code: string };
    codesSent.push(code);
    return code === '123456'
      ? HttpResponse.json({ code: 200, msg: 'ok', data: session })
      : HttpResponse.json({ code: Errors.TOTP_CODE_INVALID.code, msg: '', data: null });
  }),
);

const stepUpRequired = () => new ApiError(Errors.STEP_UP_REQUIRED.code, 'step up', null);

/** Runs `action` through useStepUp once mounted and reports how it ended. */
function Runner({
  action,
  done,
}: {
  action: () => Promise<string>;
  done: (outcome: { ok: boolean; value: unknown }) => void;
}) {
  const run = useStepUp();
  useEffect(() => {
    run(action).then(
      (value) => done({ ok: true, value }),
      (error: unknown) => done({ ok: false, value: error }),
    );
  }, [run, action, done]);
  return null;
}

async function start(action: () => Promise<string>) {
  let outcome: { ok: boolean; value: unknown } | null = null;
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <StepUpProvider>
          <Runner action={action} done={(o) => (outcome = o)} />
        </StepUpProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { outcome: () => outcome };
}

const enterCode = async (code: string) => {
  const field = await screen.findByLabelText('Authenticator code');
  fireEvent.change(field, { target: { value: code } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  });
};

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await activateLocale('en');
  await loadRouteCatalog('console-shell');
});
beforeEach(() => {
  codesSent.length = 0;
});
afterEach(() => cleanup());
afterAll(() => server.close());

describe('console step-up', () => {
  it('an action that passes runs once, without the dialog', async () => {
    let calls = 0;
    const { outcome } = await start(async () => {
      calls += 1;
      return 'done';
    });
    await waitFor(() => expect(outcome()).toEqual({ ok: true, value: 'done' }));
    expect(calls).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('STEP_UP_REQUIRED: asks a code, keeps the dialog on a wrong one, then runs the action again', async () => {
    let calls = 0;
    const { outcome } = await start(async () => {
      calls += 1;
      if (calls === 1) throw stepUpRequired();
      return 'changed';
    });
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(screen.getByLabelText('Authenticator code').getAttribute('autocomplete')).toBe(
      'one-time-code',
    );
    await enterCode('12345');
    expect(codesSent).toEqual([]);
    await enterCode('000000');
    await screen.findByText(/Incorrect code/);
    expect(dialog.isConnected).toBe(true);
    await enterCode('123456');
    await waitFor(() => expect(outcome()).toEqual({ ok: true, value: 'changed' }));
    expect(codesSent).toEqual(['000000', '123456']);
    expect(calls).toBe(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('retries once only: a second STEP_UP_REQUIRED is the action failing', async () => {
    let calls = 0;
    const { outcome } = await start(async () => {
      calls += 1;
      throw stepUpRequired();
    });
    await enterCode('123456');
    await waitFor(() => expect(outcome()?.ok).toBe(false));
    expect((outcome()!.value as ApiError).code).toBe(Errors.STEP_UP_REQUIRED.code);
    expect(calls).toBe(2);
  });

  it('closing the dialog drops the action with StepUpCancelled', async () => {
    let calls = 0;
    const { outcome } = await start(async () => {
      calls += 1;
      throw stepUpRequired();
    });
    await screen.findByRole('dialog');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    });
    await waitFor(() => expect(outcome()?.value).toBeInstanceOf(StepUpCancelled));
    expect(calls).toBe(1);
    expect(codesSent).toEqual([]);
  });

  it('another refusal is passed on without a dialog', async () => {
    const { outcome } = await start(async () => {
      throw new ApiError(Errors.LAST_OWNER.code, 'last owner', null);
    });
    await waitFor(() => expect((outcome()?.value as ApiError).code).toBe(Errors.LAST_OWNER.code));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
