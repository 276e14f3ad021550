-- Background jobs run once per interval across all processes (issue 23; docs/operations.md "Several
-- processes"). Every process keeps its timer; before a round it claims the job here in one
-- statement: the claim succeeds only when the job is due (`next_at` passed) and no round holds it
-- (`running_until` passed, for a process that died in the middle of one). The holder releases it
-- when its round ends (server/jobs/round-claims.ts).
CREATE TABLE job_rounds (
  name text PRIMARY KEY,
  next_at timestamptz NOT NULL,
  running_until timestamptz,
  holder text,
  last_started_at timestamptz NOT NULL DEFAULT now()
);
