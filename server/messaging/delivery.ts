/**
 * Sending e-mail and SMS. Transports are interfaces so tests and new providers plug in; outside PROD
 * every delivered message is also written to the outbox table, which /dev/outbox serves.
 */
import nodemailer from 'nodemailer';
import { AppEnv, type ApiLanguage, type CodeChannel } from '../../contract';
import type { Db } from '../db/database';
import { outbox } from '../db/schema';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

export interface SmsMessage {
  readonly to: string;
  readonly text: string;
}

/** An SMS provider adapter (SMS_PROVIDER); none ships yet, so phones use the outbox only. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export interface OutgoingMessage {
  readonly channel: CodeChannel;
  readonly to: string;
  readonly purpose: string;
  /** The code inside, recorded in the dev outbox so tests can read it; null for notices. */
  readonly code: string | null;
  readonly subject: string;
  readonly text: string;
  readonly language: ApiLanguage;
}

export interface MessageDelivery {
  /** False in PROD for a channel without a transport (no SMS adapter ships yet): refuse up front. */
  canDeliver(channel: CodeChannel): boolean;
  /** Resolves once the message is handed to its transport; rejects when it could not be. */
  deliver(message: OutgoingMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
    close: () => transport.close(),
  };
}

export function createSmsSender(provider: string | undefined): SmsSender | undefined {
  if (provider === undefined || provider === 'outbox') return undefined;
  throw new Error(`SMS_PROVIDER "${provider}" is not supported; leave it unset to use the outbox.`);
}

export interface DeliveryOptions {
  readonly appEnv: AppEnv;
  readonly db: Db;
  readonly mailer: Mailer | undefined;
  readonly sms: SmsSender | undefined;
}

export function createMessageDelivery({
  appEnv,
  db,
  mailer,
  sms,
}: DeliveryOptions): MessageDelivery {
  const useOutbox = appEnv !== AppEnv.PROD;
  return {
    canDeliver: (channel) =>
      useOutbox || (channel === 'email' ? mailer !== undefined : sms !== undefined),
    async deliver(message) {
      if (message.channel === 'email' && mailer) {
        await mailer.send({ to: message.to, subject: message.subject, text: message.text });
      } else if (message.channel === 'phone' && sms) {
        await sms.send({ to: message.to, text: message.text });
      } else if (!useOutbox) {
        // PROD without a transport: refuse rather than pretend the code went out.
        throw new Error(`no ${message.channel} transport configured`);
      }
      if (useOutbox) {
        await db.insert(outbox).values({
          channel: message.channel,
          recipient: message.to,
          purpose: message.purpose,
          code: message.code,
          subject: message.subject,
          body: message.text,
          language: message.language,
        });
      }
    },
  };
}
