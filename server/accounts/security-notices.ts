/**
 * Security notices (issue 22, docs/account-security.md): a password changed, two-step sign-in on or
 * off, a passkey added or removed, a sign-in from a new device, a new e-mail or phone. Always
 * sent, whatever the member's message choices, to the
 * e-mail, else the phone, in the language of the request. They are queued after the change is
 * stored (server/messaging/message-queue.ts) and tried at once: a transport that fails leaves the
 * notice queued for the sender's next round, and undoes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { ApiLanguage, CodeChannel } from '../../contract';
import type { Db } from '../db/database';
import type { UserRow } from '../identity/sessions';
import type { MessageDelivery } from '../messaging/delivery';
import { enqueueMessage, recipientOf, sendDueMessages } from '../messaging/message-queue';
import {
  addressChangedText,
  messageText,
  type AddressChange,
  type SecurityNoticeKind,
  type SignInDetails,
} from '../messaging/message-texts';

export type { SecurityNoticeKind };

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

export interface SecurityNotices {
  readonly notify: NotifySecurity;
  /**
   * The e-mail or phone changed: the notice goes to the old address of that kind, or, when one was
   * added, to the address the account had (nothing when it had none).
   */
  readonly addressChanged: (
    before: UserRow,
    change: AddressChange,
    language: ApiLanguage,
  ) => Promise<void>;
}

export function createSecurityNotices(deps: SecurityNoticeDeps): NotifySecurity {
  return securityNotices(deps).notify;
}

export function securityNotices(deps: SecurityNoticeDeps): SecurityNotices {
  const log = {
    warn: (obj: unknown, message: string) => deps.logError(obj, message),
    error: (obj: unknown, message: string) => deps.logError(obj, message),
  };

  async function queue(
    user: UserRow,
    purpose: SecurityNoticeKind | 'address_changed',
    recipient: { channel: CodeChannel; to: string },
    language: ApiLanguage,
    text: { subject: string; text: string },
  ) {
    // One notice per event: each change or sign-in is its own.
    const key = `security:${purpose}:${user.id}:${randomUUID()}`;
    try {
      const message = { key, userId: user.id, ...recipient, purpose, language, ...text };
      await enqueueMessage(deps.db, message, deps.now());
      await sendDueMessages({ db: deps.db, delivery: deps.delivery, now: deps.now, log }, key);
    } catch (error) {
      deps.logError(error, `security notice ${purpose} to user ${user.id} could not be queued`);
    }
  }

  return {
    async notify(user, kind, language, details) {
      const recipient = recipientOf(user);
      if (!recipient) return;
      const text = messageText(kind, null, language, recipient.channel, details);
      await queue(user, kind, recipient, language, text);
    },
    async addressChanged(before, change, language) {
      const old = change.channel === 'email' ? before.email : before.phone;
      const recipient = old !== null ? { channel: change.channel, to: old } : recipientOf(before);
      if (!recipient) return;
      const text = addressChangedText(language, recipient.channel, change);
      await queue(before, 'address_changed', recipient, language, text);
    },
  };
}
