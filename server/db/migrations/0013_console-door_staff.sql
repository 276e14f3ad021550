-- The operator console's door (issue 21; docs/console.md): staff accounts apart from members, their
-- enrolment links, recovery codes and sessions, and the append-only audit trail.
--
-- Staff: never a flag on a member. The password is the members' argon2id hash; the TOTP secret is
-- set once enrolment finishes (null before, and after a reset of the second factor).
CREATE TABLE staff (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  username text NOT NULL CHECK (username ~ '^[A-Za-z][A-Za-z0-9._-]{2,31}$'),
  role text NOT NULL CHECK (role IN ('owner', 'finance', 'support', 'content')),
  password_hash text,
  totp_secret text,
  -- The last TOTP time step accepted: a step is never accepted twice (RFC 6238 §5.2).
  totp_last_step bigint,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX staff_username_key ON staff (lower(username));
--> statement-breakpoint
-- Single-use enrolment links, 24 h: only the token's SHA-256 is kept. `totp_secret` is the secret
-- enrolment/start made for this link, moved to the staff row when the enrolment finishes.
CREATE TABLE staff_enrolments (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  staff_id integer NOT NULL REFERENCES staff (id),
  token_hash text NOT NULL UNIQUE,
  totp_secret text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX staff_enrolments_staff_idx ON staff_enrolments (staff_id) WHERE used_at IS NULL;
--> statement-breakpoint
-- Ten single-use recovery codes per enrolment, hashed (SHA-256 of 80 random bits).
CREATE TABLE staff_recovery_codes (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  staff_id integer NOT NULL REFERENCES staff (id),
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX staff_recovery_codes_key ON staff_recovery_codes (staff_id, code_hash);
--> statement-breakpoint
-- Console sessions: the cookie's random id is stored as its SHA-256. 15 minutes idle (last_seen_at),
-- 8 hours absolute (created_at); second_factor_at is when a code was last entered (step-up).
CREATE TABLE staff_sessions (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  staff_id integer NOT NULL REFERENCES staff (id),
  token_hash text NOT NULL UNIQUE,
  csrf_token text NOT NULL,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  second_factor_at timestamptz NOT NULL,
  revoked_at timestamptz
);
--> statement-breakpoint
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id) WHERE revoked_at IS NULL;
--> statement-breakpoint
-- The audit trail: who (a staff member, the CLI, or anonymous for a failed sign-in), when, from which
-- address, what, and the values before and after (secrets redacted before they get here).
CREATE TABLE audit_log (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_kind text NOT NULL CHECK (actor_kind IN ('staff', 'cli', 'anonymous')),
  actor_staff_id integer REFERENCES staff (id),
  actor_username text,
  ip text,
  action text NOT NULL,
  target text,
  before jsonb,
  after jsonb,
  CHECK ((actor_kind = 'staff') = (actor_staff_id IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC);
--> statement-breakpoint
CREATE INDEX audit_log_actor_idx ON audit_log (actor_kind, actor_staff_id, at DESC);
--> statement-breakpoint
-- Append-only, enforced by the database itself: no UPDATE, DELETE or TRUNCATE, whoever asks.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
