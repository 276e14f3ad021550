-- Announcements (issue 21, item 9; docs/console.md "Content"): written by an operator in English and
-- Chinese, live between an optional start and end, optionally a banner on every page. A withdrawn
-- one is hidden from members but kept (members read it; the audit trail names it).
CREATE TABLE announcements (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  title_en text NOT NULL,
  title_zh text NOT NULL,
  body_en text NOT NULL,
  body_zh text NOT NULL,
  starts_at timestamptz,
  ends_at timestamptz,
  banner boolean NOT NULL DEFAULT false,
  withdrawn_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at)
);
--> statement-breakpoint
-- A member's state of one announcement: read_at when they opened it, dismissed_at when they closed
-- its banner (on one device: it stays closed on all of them). Erased with the account.
CREATE TABLE announcement_reads (
  user_id integer NOT NULL REFERENCES users (id),
  announcement_id integer NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
  read_at timestamptz,
  dismissed_at timestamptz,
  PRIMARY KEY (user_id, announcement_id)
);
--> statement-breakpoint
CREATE INDEX announcement_reads_announcement ON announcement_reads (announcement_id);
