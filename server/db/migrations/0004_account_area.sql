-- The account area (issue 5): devices and their limit, the third-party client function, its
-- single-use subscription links, the VPN nodes they list, yearly-plan benefits, and the invitee's
-- sign-up trial as a membership grant source. See docs/account-area.md.
CREATE TABLE devices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  device_id text NOT NULL,
  -- 0 mobile, 1 PC (SPEC §3).
  device_type smallint NOT NULL CHECK (device_type IN (0, 1)),
  -- The web browser row (the SPA's default device id): listed, never counted against the limit.
  is_web boolean NOT NULL DEFAULT false,
  os text NOT NULL,
  os_version text NOT NULL DEFAULT '',
  device_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, device_id)
);
--> statement-breakpoint
-- One row per user who ever switched the function on. speed_limit_mbps is what the VPN nodes apply
-- (null: unlimited); proxy_secret is the user's credential on the nodes (vless uuid, trojan and
-- shadowsocks password).
CREATE TABLE third_party_clients (
  user_id integer PRIMARY KEY REFERENCES users (id),
  enabled boolean NOT NULL DEFAULT false,
  enabled_at timestamptz,
  speed_limit_mbps integer CHECK (speed_limit_mbps > 0),
  proxy_secret uuid NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT enabled OR (enabled_at IS NOT NULL AND speed_limit_mbps IS NOT NULL))
);
--> statement-breakpoint
-- Single-use import links: only the SHA-256 of the token is stored; the first fetch sets consumed_at.
CREATE TABLE subscription_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz
);
--> statement-breakpoint
CREATE INDEX subscription_links_user_idx ON subscription_links (user_id) WHERE consumed_at IS NULL;
--> statement-breakpoint
CREATE TABLE vpn_nodes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  protocol text NOT NULL CHECK (protocol IN ('vless', 'trojan', 'ss')),
  host text NOT NULL,
  port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  -- TLS server name for vless and trojan; null for shadowsocks.
  sni text,
  -- Shadowsocks cipher; null for the others.
  method text,
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((protocol = 'ss') = (method IS NOT NULL))
);
--> statement-breakpoint
-- Perks of a yearly plan, the same for every qualifying user, managed by the operator command.
CREATE TABLE benefits (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  account text NOT NULL,
  password text NOT NULL,
  link text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
ALTER TABLE membership_grants DROP CONSTRAINT membership_grants_source_check;
--> statement-breakpoint
ALTER TABLE membership_grants ADD CONSTRAINT membership_grants_source_check
  CHECK (source IN ('order', 'redeem', 'trial', 'invite_reward', 'invite_trial', 'refund', 'admin'));
