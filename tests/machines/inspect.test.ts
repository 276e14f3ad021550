// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createInspector } from '../../machines/inspect';
import { verificationCodeMachine } from '../../machines/verification-code/verification-code.machine';
import type { SendCodeResult } from '../../machines/verification-code/verification-code.types';

describe('createInspector', () => {
  it('opens one Stately inspector window for every actor and observes them', async () => {
    const inspectorWindow = { postMessage: vi.fn(), closed: false } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(inspectorWindow);

    const [first, second] = await Promise.all([createInspector(), createInspector()]);
    expect(first).toBe(second);
    expect(open).toHaveBeenCalledTimes(1);
    expect(String(open.mock.calls[0]?.[0])).toContain('stately.ai/inspect');

    const observed = vi.spyOn(first, 'next');
    const actor = createActor(
      verificationCodeMachine.provide({
        actors: { sendCode: fromPromise(() => new Promise<SendCodeResult>(() => {})) },
      }),
      { inspect: first },
    ).start();
    actor.stop();
    expect(observed).toHaveBeenCalled();
  });
});
