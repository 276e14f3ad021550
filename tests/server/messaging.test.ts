/**
 * Mail: real SMTP through nodemailer to a local smtp-server, and a failing transport that loses
 * nothing: the error is reported, no code is left behind, and the user may retry at once.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { Errors } from '../../contract';
import { verificationCodes } from '../../server/db/schema';
import type { Mailer, MailMessage } from '../../server/messaging/delivery';
import { PASSWORD, sendEmailCode, uniqueEmail } from './helpers/accounts';
import { startTestApp, STARTUP_TIMEOUT_MS, type TestApp } from './helpers/test-app';
import { databaseVariants } from './helpers/test-databases';

const variants = await databaseVariants();

describe.each(variants)('mail on $name', (variant) => {
  const received: { to: string; raw: string }[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  let flaky: TestApp;
  let failing = true;
  const sentByFlaky: MailMessage[] = [];
  const flakyMailer: Mailer = {
    async send(message) {
      if (failing) throw new Error('SMTP 451 temporary failure');
      sentByFlaky.push(message);
    },
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            raw: Buffer.concat(chunks).toString(),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestApp(variant, {
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Kestrel VPN <codes@kestrel.example>',
      },
    });
    flaky = await startTestApp(variant, { overrides: { mailer: flakyMailer } });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await flaky?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the code over SMTP and records it in the dev outbox', async () => {
    const email = uniqueEmail('smtp');
    const sent = await sendEmailCode(t.api, email);
    expect(sent.body.code).toBe(200);
    const code = await t.api.latestCode(email);
    const mail = received.find((m) => m.to === email);
    expect(mail?.raw).toContain(code);
    expect(mail?.raw).toMatch(/From: Kestrel VPN <codes@kestrel.example>/);
    expect(mail?.raw).toMatch(/Subject: Kestrel VPN verification code/);
  });

  it('reports a failed send, keeps no half-state, and lets the user retry at once', async () => {
    const email = uniqueEmail('flaky');
    failing = true;
    const failed = await sendEmailCode(flaky.api, email);
    expect(failed.httpStatus).toBe(500);
    expect(failed.body).toMatchObject({ code: Errors.INTERNAL.code, msg: Errors.INTERNAL.en });
    expect(JSON.stringify(failed.body)).not.toContain('SMTP');
    const rows = await flaky.app.kestrel.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.target, email));
    expect(rows).toHaveLength(0);
    expect(await flaky.api.outbox(email)).toHaveLength(0);

    failing = false;
    const retry = await sendEmailCode(flaky.api, email);
    expect(retry.body.code).toBe(200);
    const code = sentByFlaky.find((m) => m.to === email)?.text.match(/\d{6}/)?.[0];
    expect(code).toBeDefined();
    const registered = await flaky.api.call('/api/user/register_type_normal', {
      channel: 'email',
      target: email,
      code,
      password: PASSWORD,
    });
    expect(registered.body.code).toBe(200);
  });

  it('a failed resend keeps the previous code usable', async () => {
    const email = uniqueEmail('twice');
    failing = false;
    await sendEmailCode(flaky.api, email);
    const first = await flaky.api.latestCode(email);
    const db = flaky.app.kestrel.database.db;
    const { sql } = await import('drizzle-orm');
    await db
      .update(verificationCodes)
      .set({ createdAt: sql`created_at - interval '61 seconds'` })
      .where(eq(verificationCodes.target, email));
    failing = true;
    const failed = await sendEmailCode(flaky.api, email);
    expect(failed.body.code).toBe(Errors.INTERNAL.code);
    failing = false;
    const withFirst = await flaky.api.call('/api/user/register_type_normal', {
      channel: 'email',
      target: email,
      code: first,
      password: PASSWORD,
    });
    expect(withFirst.body.code).toBe(200);
  });
});
