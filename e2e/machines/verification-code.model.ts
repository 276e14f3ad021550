/**
 * The verification-code machine as the register page can drive it. Its countdown makes every
 * second a distinct state, so simple or shortest paths would list sixty near-identical tests;
 * instead the paths come from the event sequences a person actually produces.
 */
import { getPathsFromEvents } from '@xstate/graph';
import { CODE, CodeChannel, CodePurpose, Errors } from '../../contract';
import { actorDone, actorError, delayElapsed } from '../../machines/shared/graph-events';
import { verificationCodeMachine } from '../../machines/verification-code/verification-code.machine';
import type { VerificationCodeEvent } from '../../machines/verification-code/verification-code.types';
import type { MachinePath } from '../../machines/shared/paths';

type VerificationCodePath = MachinePath<typeof verificationCodeMachine>;

/** The address is the test's own (see the spec); the event only has to be well formed. */
const send: VerificationCodeEvent = {
  type: 'SEND',
  params: {
    channel: CodeChannel.EMAIL,
    target: 'model@kestrel.example',
    purpose: CodePurpose.REGISTER,
  },
};
const tick = delayElapsed<VerificationCodeEvent>('TICK', 'verificationCode.counting');
const ticks = (n: number) => Array.from({ length: n }, () => tick);

/** The server's answer to a first request: the resend cooldown of the contract. */
const sent = actorDone<VerificationCodeEvent>('sendCode', {
  cooldownSeconds: CODE.resendCooldownSeconds,
  expiresInSeconds: CODE.ttlSeconds,
});
/** The server's answer when a code went to the same address moments ago (another tab, a reload). */
const refused = actorError<VerificationCodeEvent>('sendCode', { code: Errors.CODE_COOLDOWN.code });

export const COOLDOWN_REFUSED = refused.type;

export function verificationCodeUiPaths(): VerificationCodePath[] {
  return [
    // Send, watch every second of the countdown, and get the button back.
    [send, sent, ...ticks(CODE.resendCooldownSeconds)],
    // Refused as too soon: the button counts down anyway instead of inviting more clicks.
    [send, refused, ...ticks(2)],
  ].flatMap((events) => getPathsFromEvents(verificationCodeMachine, events));
}
