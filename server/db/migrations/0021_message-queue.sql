-- Messages the service sends on its own (issue 22, items 8 and 11; docs/messages.md): a durable
-- queue. A message is a row before it is sent, under a key that names it (`renewal:1d:<user>:<expiry>`),
-- so one message is queued once however many processes or rounds make it; a sender claims due rows
-- (FOR UPDATE SKIP LOCKED, with a lease), hands each to its transport and marks it sent, or sets the
-- next attempt further off; nothing is lost across a restart or an SMTP outage.
CREATE TABLE message_queue (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dedupe_key text NOT NULL UNIQUE,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('email', 'phone')),
  recipient text NOT NULL,
  purpose text NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'zh_CN')),
  subject text NOT NULL,
  body text NOT NULL,
  -- A renewal reminder is about this expiry: once the member renewed, it is not sent.
  about_expire_time timestamptz,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
--> statement-breakpoint
CREATE INDEX message_queue_due_idx ON message_queue (next_attempt_at) WHERE status = 'pending';
--> statement-breakpoint
-- The member's language for what is sent without a request (a reminder): the language of their
-- last sign-in or registration. NULL until then: Chinese, the site's default.
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'zh_CN'));
--> statement-breakpoint
-- Renewal reminders are the member's choice (security messages and receipts always go).
ALTER TABLE users ADD COLUMN renewal_reminders boolean NOT NULL DEFAULT true;
