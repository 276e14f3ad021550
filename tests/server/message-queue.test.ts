/**
 * The durable message queue and the renewal reminders (issue 22, items 8 and 11; docs/messages.md),
 * on PGlite and PostgreSQL: a message is queued once under its key; a transport that fails gets the
 * message again later (backoff), nothing is lost, and one that keeps failing is given up and
 * reported; two senders at once send each message once; reminders go 3 days and 1 day before and on
 * the day, once per expiry, in the member's language, to nobody who turned them off, and a renewal
 * cancels the reminders still queued; a security notice a failing SMTP could not send goes later.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecurityNotices } from '../../server/accounts/security-notices';
import { openDatabase, rowsOf, type Database, type Db } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { migrate } from '../../server/db/migrate';
import type { MessageDelivery, OutgoingMessage } from '../../server/messaging/delivery';
import {
  MAX_ATTEMPTS,
  enqueueMessage,
  sendDueMessages,
  type QueuedMessage,
} from '../../server/messaging/message-queue';
import { queueRenewalReminders } from '../../server/store/renewal-reminders';
import { databaseVariants, type DbVariant } from './helpers/test-databases';

const variants = await databaseVariants();
const HOUR = 3_600_000;

/** A transport that records what it sends, and fails while `failing` is set. */
function fakeDelivery() {
  const sent: OutgoingMessage[] = [];
  const state = { failing: false };
  const delivery: MessageDelivery = {
    canDeliver: () => true,
    async deliver(message) {
      if (state.failing) throw new Error('SMTP 451 try again later');
      sent.push(message);
    },
  };
  return { sent, state, delivery };
}

/**
 * The migrated database of a describe block on `variant` (its PGlite files in a new directory named
 * from `prefix`), made before the block's tests and closed and dropped after them; returns its db.
 */
function useMigratedDatabase(variant: DbVariant, prefix: string): () => Db {
  let database: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await variant.create();
    drop = created.drop;
    database = await openDatabase(
      created.url || 'memory://',
      mkdtempSync(join(tmpdir(), prefix)),
      'test',
    );
    await migrate(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });
  return () => database!.db;
}

const quietLog = { warn: () => undefined, error: () => undefined };

const message = (key: string, extra: Partial<QueuedMessage> = {}): QueuedMessage => ({
  key,
  userId: null,
  channel: 'email',
  to: `${key.replaceAll(':', '-')}@example.org`,
  purpose: 'test',
  language: 'en',
  subject: `Subject of ${key}`,
  text: `Text of ${key}`,
  ...extra,
});

describe.each(variants)('the message queue on $name', (variant) => {
  const db = useMigratedDatabase(variant, 'mq-');
  const statusOf = async (key: string) =>
    rowsOf<{ status: string; attempts: number; next_attempt_at: Date | string }>(
      await db().execute(
        sql`SELECT status, attempts, next_attempt_at FROM message_queue WHERE dedupe_key = ${key}`,
      ),
    )[0];

  it('queues a message once under its key', async () => {
    const now = new Date();
    expect(await enqueueMessage(db(), message('once'), now)).toBe(true);
    expect(await enqueueMessage(db(), message('once', { text: 'another text' }), now)).toBe(false);
    const rows = rowsOf<{ body: string }>(
      await db().execute(sql`SELECT body FROM message_queue WHERE dedupe_key = 'once'`),
    );
    expect(rows).toEqual([{ body: 'Text of once' }]);
  });

  it('tries a failed message again later, and sends it once the transport is back', async () => {
    const { sent, state, delivery } = fakeDelivery();
    const t0 = new Date('2031-01-01T00:00:00Z');
    await enqueueMessage(db(), message('flaky'), t0);
    state.failing = true;
    const send = (at: Date) =>
      sendDueMessages({ db: db(), delivery, now: () => at, log: quietLog }, 'flaky');
    expect(await send(t0)).toMatchObject({ retried: 1, sent: 0 });
    expect(await statusOf('flaky')).toMatchObject({ status: 'pending', attempts: 1 });
    expect(new Date((await statusOf('flaky'))!.next_attempt_at).getTime()).toBe(
      t0.getTime() + 60_000,
    );
    // Not due yet: nothing happens.
    expect(await send(new Date(t0.getTime() + 59_000))).toMatchObject({ retried: 0, sent: 0 });
    expect(await send(new Date(t0.getTime() + 60_000))).toMatchObject({ retried: 1 });
    expect(new Date((await statusOf('flaky'))!.next_attempt_at).getTime()).toBe(
      t0.getTime() + 60_000 + 300_000,
    );
    state.failing = false;
    expect(await send(new Date(t0.getTime() + 360_000))).toMatchObject({ sent: 1 });
    expect(await statusOf('flaky')).toMatchObject({ status: 'sent', attempts: 3 });
    expect(sent.map((m) => m.to)).toEqual(['flaky@example.org']);
    // Sent is sent: a later round sends nothing again.
    expect(await send(new Date(t0.getTime() + 86_400_000))).toMatchObject({ sent: 0 });
  });

  it('gives a message up after its last attempt, and says so', async () => {
    const { state, delivery } = fakeDelivery();
    state.failing = true;
    const errors: string[] = [];
    const log = { warn: () => undefined, error: (_: unknown, m: string) => void errors.push(m) };
    let at = new Date('2031-02-01T00:00:00Z');
    await enqueueMessage(db(), message('hopeless'), at);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const now = at;
      await sendDueMessages({ db: db(), delivery, now: () => now, log }, 'hopeless');
      at = new Date(at.getTime() + 7 * HOUR);
    }
    expect(await statusOf('hopeless')).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(errors).toEqual(['message given up']);
  });

  it('gives up at once a message for a channel with no transport (no SMS provider)', async () => {
    const { sent, delivery } = fakeDelivery();
    const smsless: MessageDelivery = { ...delivery, canDeliver: (channel) => channel === 'email' };
    const at = new Date('2031-02-15T00:00:00Z');
    await enqueueMessage(db(), message('sms-only', { channel: 'phone', to: '+8613800000001' }), at);
    const report = await sendDueMessages(
      { db: db(), delivery: smsless, now: () => at, log: quietLog },
      'sms-only',
    );
    expect(report).toMatchObject({ failed: 1, sent: 0 });
    expect(await statusOf('sms-only')).toMatchObject({ status: 'failed' });
    expect(sent).toEqual([]);
  });

  it('sends each message once when two senders run at the same moment', async () => {
    const { sent, delivery } = fakeDelivery();
    const at = new Date('2031-03-01T00:00:00Z');
    const keys = Array.from({ length: 30 }, (_, i) => `pair:${i}`);
    for (const key of keys) await enqueueMessage(db(), message(key), at);
    const round = () => sendDueMessages({ db: db(), delivery, now: () => at, log: quietLog });
    await Promise.all([round(), round()]);
    // Each of them once (a message of an earlier test that was due goes too).
    expect(
      sent
        .map((m) => m.to)
        .filter((to) => to.startsWith('pair-'))
        .sort(),
    ).toEqual(keys.map((k) => `${k.replaceAll(':', '-')}@example.org`).sort());
  });

  it('queues a security notice a failing SMTP could not send, and sends it in a later round', async () => {
    const { sent, state, delivery } = fakeDelivery();
    const [user] = await db()
      .insert(users)
      .values({ username: 'notice_member', email: 'notice@example.org' })
      .returning();
    const at = new Date('2031-04-01T00:00:00Z');
    const errors: unknown[] = [];
    const notify = createSecurityNotices({
      db: db(),
      delivery,
      now: () => at,
      logError: (error) => void errors.push(error),
    });
    state.failing = true;
    await notify(user!, 'password_changed', 'zh_CN');
    expect(sent).toEqual([]);
    expect(errors).toHaveLength(1);
    state.failing = false;
    const later = new Date(at.getTime() + 61_000);
    await sendDueMessages({ db: db(), delivery, now: () => later, log: quietLog });
    expect(sent).toMatchObject([
      { to: 'notice@example.org', purpose: 'password_changed', language: 'zh_CN' },
    ]);
    expect(sent[0]!.subject).toContain('密码已修改');
  });
});

describe.each(variants)('renewal reminders on $name', (variant) => {
  const db = useMigratedDatabase(variant, 'rr-');
  const now = new Date('2032-06-10T12:00:00Z');
  const hoursFromNow = (h: number) => new Date(now.getTime() + h * HOUR);
  const ids: Record<string, number> = {};
  const round = (at = now) =>
    queueRenewalReminders({
      db: db(),
      now: () => at,
      siteOrigin: () => 'https://vpn.example',
    });
  const queued = async () =>
    rowsOf<{
      user_id: number;
      purpose: string;
      channel: string;
      language: string;
      subject: string;
    }>(
      await db().execute(sql`
        SELECT user_id, purpose, channel, language, subject FROM message_queue
        WHERE purpose LIKE 'renewal_%' ORDER BY user_id, id`),
    );

  beforeAll(async () => {
    const member = async (name: string, values: Partial<typeof users.$inferInsert>) => {
      const [row] = await db()
        .insert(users)
        .values({ username: name, email: `${name}@example.org`, planType: 1, ...values })
        .returning({ id: users.id });
      ids[name] = row!.id;
    };
    await member('in60h', { expireTime: hoursFromNow(60), language: 'en' });
    await member('in20h', { expireTime: hoursFromNow(20) });
    await member('ended2h', { expireTime: hoursFromNow(-2), language: 'en' });
    await member('in5days', { expireTime: hoursFromNow(120) });
    await member('ended30h', { expireTime: hoursFromNow(-30) });
    await member('optedOut', { expireTime: hoursFromNow(20), renewalReminders: false });
    await member('disabled', { expireTime: hoursFromNow(20), disabled: true });
    await member('phoneOnly', {
      expireTime: hoursFromNow(40),
      email: null,
      phone: '+8613800000000',
    });
  }, 120_000);

  it('queues the one reminder each member is due, in their language, once however many rounds run', async () => {
    const [first, second] = await Promise.all([round(), round()]);
    expect(first + second).toBe(4);
    expect(await round()).toBe(0);
    const rows = await queued();
    expect(rows.map((r) => [r.user_id, r.purpose, r.channel, r.language])).toEqual([
      [ids.in60h, 'renewal_3d', 'email', 'en'],
      [ids.in20h, 'renewal_1d', 'email', 'zh_CN'],
      [ids.ended2h, 'renewal_ended', 'email', 'en'],
      [ids.phoneOnly, 'renewal_3d', 'phone', 'zh_CN'],
    ]);
    expect(rows[0]!.subject).toBe('Kestrel VPN: your membership ends in 3 days');
    expect(rows[1]!.subject).toBe('红隼 VPN：您的会员将在明天到期');
    const [text] = rowsOf<{ body: string }>(
      await db().execute(
        sql`SELECT body FROM message_queue WHERE user_id = ${ids.in60h} AND purpose = 'renewal_3d'`,
      ),
    );
    expect(text!.body).toContain('2032-06-13 00:00 UTC');
    expect(text!.body).toContain('https://vpn.example/pricing');
  });

  it('sends the next stage when it comes, never one already sent', async () => {
    // 39 hours on: the member who had 60 hours left now has 21 (the 1-day reminder), the one who
    // had 20 has ended (the day's), and the one who ended 2 hours ago gets nothing more.
    expect(await round(hoursFromNow(39))).toBe(3);
    const purposes = (await queued()).map((r) => `${r.user_id}:${r.purpose}`);
    expect(purposes).toEqual(
      expect.arrayContaining([
        `${ids.in60h}:renewal_1d`,
        `${ids.in20h}:renewal_ended`,
        `${ids.phoneOnly}:renewal_1d`,
      ]),
    );
    expect(purposes).toHaveLength(7);
  });

  it('cancels the reminders still queued for a member who renewed, and sends the rest', async () => {
    await db()
      .update(users)
      .set({ expireTime: hoursFromNow(24 * 30) })
      .where(sql`${users.id} = ${ids.in60h}`);
    const { sent, delivery } = fakeDelivery();
    const report = await sendDueMessages({
      db: db(),
      delivery,
      now: () => hoursFromNow(41),
      log: quietLog,
    });
    expect(report).toMatchObject({ cancelled: 2, sent: 5 });
    expect(sent.map((m) => m.to)).not.toContain('in60h@example.org');
    // The renewed member is due nothing now (the phone-only member's day has come meanwhile).
    expect(await round(hoursFromNow(41))).toBe(1);
    const renewed = rowsOf<{ status: string }>(
      await db().execute(
        sql`SELECT status FROM message_queue WHERE user_id = ${ids.in60h} ORDER BY id`,
      ),
    );
    expect(renewed).toEqual([{ status: 'cancelled' }, { status: 'cancelled' }]);
    expect((await queued()).at(-1)).toMatchObject({
      user_id: ids.phoneOnly,
      purpose: 'renewal_ended',
    });
  });
});
