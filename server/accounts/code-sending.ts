/**
 * Sending a verification code (or, where a code must not go, a notice that looks the same to the
 * caller): issued under the cooldown and the daily caps, delivered at once, withdrawn when the
 * transport fails (so a failed send costs the member no cooldown), and then the only live code of
 * its purpose and target. Used by `user_send_code` (register, reset) and by the change of an
 * account's e-mail or phone (`user_change_target_send_code`).
 */
import { CODE, type ApiLanguage, type CodeChannel, type CodePurpose } from '../../contract';
import type { Db } from '../db/database';
import type { MessageDelivery } from '../messaging/delivery';
import { messageText, type MessageKind } from '../messaging/message-texts';
import { fail } from '../protocol/api-error';
import {
  generateCode,
  issueCode,
  supersedeOlderCodes,
  withdrawCode,
  type IssueLimits,
} from './verification-codes';

export interface CodeSendingDeps {
  readonly db: Db;
  readonly delivery: MessageDelivery;
  readonly codeLimits: IssueLimits;
}

export interface CodeToSend {
  readonly purpose: CodePurpose;
  readonly channel: CodeChannel;
  /** Normalised already. */
  readonly target: string;
  readonly ip: string;
  readonly language: ApiLanguage;
  /** The message: one that carries the code, or a notice that carries none. */
  readonly message: MessageKind;
  /** False: a notice goes instead of a code, and what is stored can never be matched. */
  readonly usable: boolean;
  /** The member a change_target code is bound to. */
  readonly userId?: number;
}

/** What the SPA counts down: the same answer whether a code or a notice went. */
export interface CodeSent {
  readonly cooldownSeconds: number;
  readonly expiresInSeconds: number;
}

export async function sendVerificationCode(
  deps: CodeSendingDeps,
  request: CodeToSend,
): Promise<CodeSent> {
  const { db, delivery } = deps;
  // Before a code is issued: a channel PROD cannot deliver on costs the user no cooldown.
  if (!delivery.canDeliver(request.channel)) throw fail('CODE_CHANNEL_UNAVAILABLE');
  const code = generateCode();
  const issued = await issueCode(
    db,
    {
      purpose: request.purpose,
      channel: request.channel,
      target: request.target,
      ip: request.ip,
      kind: request.usable ? 'code' : 'notice',
      code,
      userId: request.userId,
    },
    deps.codeLimits,
  );
  if (!issued.ok) {
    if (issued.reason === 'cooldown')
      throw fail('CODE_COOLDOWN', { cooldownSeconds: issued.retryAfterSeconds });
    throw fail('CODE_DAILY_LIMIT');
  }
  try {
    const shown = request.usable ? code : null;
    const text = messageText(request.message, shown, request.language, request.channel);
    await delivery.deliver({
      channel: request.channel,
      to: request.target,
      purpose: request.purpose,
      code: shown,
      language: request.language,
      ...text,
    });
  } catch (error) {
    // Undelivered: forget the code so the cooldown and the caps do not hold the user back.
    await withdrawCode(db, issued.id);
    throw error;
  }
  await supersedeOlderCodes(db, issued.id, request.purpose, request.target);
  return { cooldownSeconds: CODE.resendCooldownSeconds, expiresInSeconds: CODE.ttlSeconds };
}
