-- Outage compensations (issue 21, item 5; docs/console.md): one row per submission of "extend every
-- active member by N days". The unique key makes a repeated submission (a double click, two tabs, a
-- retry) wait for the first and then apply nothing; each member's extension is a membership_grants
-- row `admin` / `bulk:<id>:<user id>`.
CREATE TABLE bulk_extensions (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  key text NOT NULL,
  days integer NOT NULL CHECK (days > 0),
  reason text NOT NULL,
  extended integer NOT NULL DEFAULT 0,
  applied_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX bulk_extensions_key ON bulk_extensions (key);
