/**
 * The dev outbox: every message sent outside PROD, for people (`/dev/outbox`) and for the e2e tests
 * (`/dev/outbox.json?to=`). Dev routes (server/web/dev-routes.ts): loopback clients only, never in PROD.
 * `POST /dev/codes/pass-cooldown?to=` makes the resend cooldown of one address pass at once (its
 * codes are dated back by the cooldown), so e2e shows and ends a cooldown without a minute of wall
 * clock; the browser's countdown is moved by the test's own clock. Answers `{ to, codes }`.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CODE, isPhone, normaliseEmail, normalisePhone } from '../../contract';
import type { Db } from '../db/database';
import { outbox, verificationCodes } from '../db/schema';

const LIMIT = 100;

function normaliseRecipient(to: string): string {
  const trimmed = to.trim();
  if (trimmed.includes('@')) return normaliseEmail(trimmed);
  return isPhone(trimmed) ? normalisePhone(trimmed) : trimmed;
}

async function listMessages(db: Db, to: string | undefined) {
  const query = db.select().from(outbox);
  const rows = await (to ? query.where(eq(outbox.recipient, normaliseRecipient(to))) : query)
    .orderBy(desc(outbox.id))
    .limit(LIMIT);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    purpose: row.purpose,
    code: row.code,
    subject: row.subject,
    text: row.body,
    sentAt: row.sentAt.toISOString(),
  }));
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function registerOutboxRoutes(app: FastifyInstance, db: Db): void {
  app.devRoute<{ Querystring: { to?: string } }>({
    method: 'POST',
    url: '/dev/codes/pass-cooldown',
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const to = request.query.to?.trim();
      if (!to) return reply.code(400).send({ error: 'to is required' });
      const target = normaliseRecipient(to);
      const moved = await db
        .update(verificationCodes)
        .set({
          createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${CODE.resendCooldownSeconds})`,
        })
        .where(eq(verificationCodes.target, target))
        .returning({ id: verificationCodes.id });
      return { to: target, codes: moved.length };
    },
  });

  app.devRoute<{ Querystring: { to?: string } }>({
    method: 'GET',
    url: '/dev/outbox.json',
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await listMessages(db, request.query.to || undefined) };
    },
  });

  app.devRoute<{ Querystring: { to?: string } }>({
    method: 'GET',
    url: '/dev/outbox',
    handler: async (request, reply) => {
      const messages = await listMessages(db, request.query.to || undefined);
      const rows = messages
        .map(
          (
            m,
          ) => `<tr><td>${escapeHtml(m.sentAt)}</td><td>${escapeHtml(m.channel)}</td><td>${escapeHtml(m.to)}</td>
<td>${escapeHtml(m.purpose)}</td><td><strong>${escapeHtml(m.code ?? '')}</strong></td>
<td>${escapeHtml(m.subject)}<br><small>${escapeHtml(m.text)}</small></td></tr>`,
        )
        .join('\n');
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox · Kestrel VPN</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<h1>Dev outbox</h1><p>Every e-mail and SMS the server sent (newest first, at most ${LIMIT}). Not served in PROD.</p>
<form method="get"><label>Recipient <input name="to" value="${escapeHtml(request.query.to ?? '')}"></label> <button>Filter</button></form>
<table border="1" cellpadding="6"><thead><tr><th>Sent</th><th>Channel</th><th>To</th><th>Purpose</th><th>Code</th><th>Message</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">No messages yet.</td></tr>'}</tbody></table></body></html>`;
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  });
}
