/**
 * Security notices (issue 22, docs/account-security.md): a password changed, two-step sign-in on or
 * off, a passkey added or removed, a sign-in from a new device. Always sent, whatever the member's message choices, to the
 * e-mail, else the phone, in the language of the request. They are queued after the change is
 * stored (server/messaging/message-queue.ts) and tried at once: a transport that fails leaves the
 * notice queued for the sender's next round, and undoes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { ApiLanguage } from '../../contract';
import type { Db } from '../db/database';
import type { UserRow } from '../identity/sessions';
import type { MessageDelivery } from '../messaging/delivery';
import { enqueueMessage, recipientOf, sendDueMessages } from '../messaging/message-queue';
import { messageText, type MessageKind, type SignInDetails } from '../messaging/message-texts';

export type SecurityNoticeKind = Extract<
  MessageKind,
  | 'password_changed'
  | 'two_step_on'
  | 'two_step_off'
  | 'new_sign_in'
  | 'passkey_added'
  | 'passkey_removed'
>;

export type NotifySecurity = (
  user: UserRow,
  kind: SecurityNoticeKind,
  language: ApiLanguage,
  details?: SignInDetails,
) => Promise<void>;

export interface SecurityNoticeDeps {
  readonly db: Db;
  readonly delivery: MessageDelivery;
  readonly now: () => Date;
  readonly logError: (error: unknown, message: string) => void;
}

export function createSecurityNotices(deps: SecurityNoticeDeps): NotifySecurity {
  const log = {
    warn: (obj: unknown, message: string) => deps.logError(obj, message),
    error: (obj: unknown, message: string) => deps.logError(obj, message),
  };
  return async (user, kind, language, details) => {
    const recipient = recipientOf(user);
    if (!recipient) return;
    const { channel, to } = recipient;
    // One notice per event: each change or sign-in is its own.
    const key = `security:${kind}:${user.id}:${randomUUID()}`;
    try {
      const text = messageText(kind, null, language, channel, details);
      await enqueueMessage(
        deps.db,
        {
          key,
          userId: user.id,
          channel,
          to,
          purpose: kind,
          language,
          ...text,
        },
        deps.now(),
      );
      await sendDueMessages({ db: deps.db, delivery: deps.delivery, now: deps.now, log }, key);
    } catch (error) {
      deps.logError(error, `security notice ${kind} to user ${user.id} could not be queued`);
    }
  };
}
