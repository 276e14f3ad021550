/**
 * Security notices (issue 22, docs/account-security.md): a password changed, two-step sign-in on or
 * off, a sign-in from a new device. Always sent, whatever the member's message choices, to the
 * e-mail, else the phone, in the language of the request. They go out after the change is stored;
 * a transport failure is reported and undoes nothing.
 */
import type { ApiLanguage } from '../../contract';
import type { UserRow } from '../identity/sessions';
import type { MessageDelivery } from '../messaging/delivery';
import { messageText, type MessageKind, type SignInDetails } from '../messaging/message-texts';

export type SecurityNoticeKind = Extract<
  MessageKind,
  'password_changed' | 'two_step_on' | 'two_step_off' | 'new_sign_in'
>;

export type NotifySecurity = (
  user: UserRow,
  kind: SecurityNoticeKind,
  language: ApiLanguage,
  details?: SignInDetails,
) => Promise<void>;

export function createSecurityNotices(
  delivery: MessageDelivery,
  logError: (error: unknown, message: string) => void,
): NotifySecurity {
  return async (user, kind, language, details) => {
    const channel = user.email ? 'email' : user.phone ? 'phone' : null;
    if (!channel) return;
    const to = (user.email ?? user.phone)!;
    try {
      const text = messageText(kind, null, language, channel, details);
      await delivery.deliver({ channel, to, purpose: kind, code: null, language, ...text });
    } catch (error) {
      logError(error, `security notice ${kind} to user ${user.id} could not be sent`);
    }
  };
}
