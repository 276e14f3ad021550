-- Accounts, sessions, verification codes, the dev outbox, invites and settings (issue 2).
-- Statements are separated by the breakpoint marker because PGlite and postgres-js run one
-- statement per extended-protocol query.
CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text,
  email text,
  phone text,
  password_hash text,
  device_id text,
  invite_code text,
  invited_by integer REFERENCES users (id),
  is_kol boolean NOT NULL DEFAULT false,
  plan_type smallint CHECK (plan_type IN (1, 2)),
  expire_time timestamptz,
  yearly_paid boolean NOT NULL DEFAULT false,
  benefits_expire_time timestamptz,
  disabled boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Usernames are handles: "Alice" and "alice" are the same person to everyone else.
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
--> statement-breakpoint
CREATE UNIQUE INDEX users_email_key ON users (email);
--> statement-breakpoint
CREATE UNIQUE INDEX users_phone_key ON users (phone);
--> statement-breakpoint
CREATE UNIQUE INDEX users_device_id_key ON users (device_id);
--> statement-breakpoint
CREATE UNIQUE INDEX users_invite_code_key ON users (invite_code);
--> statement-breakpoint
CREATE TABLE sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  platform text NOT NULL,
  device_id text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
--> statement-breakpoint
CREATE INDEX sessions_user_id_idx ON sessions (user_id) WHERE revoked_at IS NULL;
--> statement-breakpoint
CREATE TABLE verification_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'reset_password')),
  channel text NOT NULL CHECK (channel IN ('email', 'phone')),
  target text NOT NULL,
  -- 'code': a code was sent; 'notice': an account notice was sent instead (no usable code exists).
  kind text NOT NULL CHECK (kind IN ('code', 'notice')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
--> statement-breakpoint
CREATE INDEX verification_codes_target_idx ON verification_codes (target, purpose, created_at DESC);
--> statement-breakpoint
CREATE INDEX verification_codes_ip_idx ON verification_codes (ip, created_at DESC);
--> statement-breakpoint
CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL,
  recipient text NOT NULL,
  purpose text NOT NULL,
  code text,
  subject text NOT NULL,
  body text NOT NULL,
  language text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX outbox_recipient_idx ON outbox (recipient, id DESC);
--> statement-breakpoint
CREATE TABLE invites (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  inviter_id integer NOT NULL REFERENCES users (id),
  invitee_id integer NOT NULL UNIQUE REFERENCES users (id),
  invite_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX invites_inviter_idx ON invites (inviter_id, created_at DESC);
--> statement-breakpoint
CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
