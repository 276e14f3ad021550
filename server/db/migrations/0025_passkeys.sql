-- Passkeys (WebAuthn) for members (issue 22, item 4; docs/account-security.md "Passkeys"): each
-- credential a member added, with what verifying its answers needs (the COSE public key, base64url
-- like the credential id, and the signature counter) and what /user/security lists (name, added,
-- last used). A credential id is unique across accounts: a sign-in names the account by it.
-- Erased with the account.
CREATE TABLE user_passkeys (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id integer NOT NULL REFERENCES users (id),
  credential_id text NOT NULL,
  public_key text NOT NULL,
  sign_count bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  backed_up boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX user_passkeys_credential_key ON user_passkeys (credential_id);
--> statement-breakpoint
CREATE INDEX user_passkeys_user_idx ON user_passkeys (user_id);
--> statement-breakpoint
-- A ceremony's challenge: made by the options call, taken (deleted) by the answer, good five
-- minutes. A registration's is bound to its member; a sign-in's to nobody (the passkey names
-- the account). Expired rows are pruned when new ones are made.
CREATE TABLE passkey_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  user_id integer REFERENCES users (id),
  expires_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX passkey_challenges_expiry_idx ON passkey_challenges (expires_at);
