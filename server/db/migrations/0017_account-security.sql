-- Member account security (issue 22; docs/account-security.md): two-step sign-in with an
-- authenticator app, its single-use recovery codes, and what the session list shows.
--
-- The TOTP secret is sealed like the staff's (server/identity/totp.ts). `totp_pending_secret` is the
-- one user_totp_setup made last; user_totp_enable moves it to `totp_secret` once a code from it is
-- right. `totp_last_step` is the last time step accepted: a code is good once (RFC 6238 §5.2).
ALTER TABLE users
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_pending_secret text,
  ADD COLUMN totp_last_step bigint,
  ADD COLUMN totp_enabled_at timestamptz;
--> statement-breakpoint
-- Ten per enabling, hashed (SHA-256 of 80 random bits); a code is spent by one conditional update.
CREATE TABLE user_recovery_codes (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id integer NOT NULL REFERENCES users (id),
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX user_recovery_codes_key ON user_recovery_codes (user_id, code_hash);
--> statement-breakpoint
-- The session list (/user/security): which client opened the session and when it was last used.
-- `last_active_at` is written at most once a minute per session (server/identity/sessions.ts).
ALTER TABLE sessions
  ADD COLUMN user_agent text,
  ADD COLUMN last_active_at timestamptz NOT NULL DEFAULT now();
