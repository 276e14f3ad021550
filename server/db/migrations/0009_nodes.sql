-- VPN nodes (issue 15): the UniProxy node API that V2bX / XrayR agents speak, per-node tokens,
-- traffic accounting, online IPs for device seats, and the user's one node credential.
-- See docs/nodes.md.

-- The member's credential on every node (vless uuid, trojan password, shadowsocks password): one per
-- user, for the apps and third-party clients alike. It was third_party_clients.proxy_secret, which
-- only users who had switched the function on had; those keep theirs, everyone else gets a new one.
ALTER TABLE users ADD COLUMN node_uuid uuid NOT NULL DEFAULT gen_random_uuid();
--> statement-breakpoint
UPDATE users SET node_uuid = c.proxy_secret FROM third_party_clients AS c WHERE c.user_id = users.id;
--> statement-breakpoint
ALTER TABLE third_party_clients DROP COLUMN proxy_secret;
--> statement-breakpoint
CREATE UNIQUE INDEX users_node_uuid_idx ON users (node_uuid);
--> statement-breakpoint
-- Who a node's user list is for: active members (expire_time in the future) of the node's plans.
CREATE INDEX users_expire_time_idx ON users (expire_time) WHERE deleted_at IS NULL;
--> statement-breakpoint
-- token_hash: SHA-256 of the node's own API token (shown once by `admin nodes add` / `rotate-token`);
-- null refuses every call until a token is made. plan_types: the shop groups (1 Standard, 2 Lite)
-- whose members may use the node. server_key: the shadowsocks 2022 server PSK (base64), null for
-- every other cipher. last_pull_at / last_push_at / status: the node's last contact, for operators.
ALTER TABLE vpn_nodes
  ADD COLUMN token_hash text UNIQUE,
  ADD COLUMN plan_types smallint[] NOT NULL DEFAULT '{1,2}',
  ADD COLUMN server_key text,
  ADD COLUMN last_pull_at timestamptz,
  ADD COLUMN last_push_at timestamptz,
  ADD COLUMN status jsonb,
  ADD COLUMN status_at timestamptz,
  ADD CONSTRAINT vpn_nodes_plan_types_check
    CHECK (cardinality(plan_types) > 0 AND plan_types <@ '{1,2}'::smallint[]);
--> statement-breakpoint
-- Nodes added with a 2022 cipher before this migration get a random server key of the cipher's size
-- (16 bytes for aes-128, else 32), from gen_random_uuid's random bytes (pgcrypto is not assumed).
UPDATE vpn_nodes SET server_key = encode(
    CASE WHEN method = '2022-blake3-aes-128-gcm'
      THEN decode(replace(gen_random_uuid()::text, '-', ''), 'hex')
      ELSE decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex')
    END, 'base64')
  WHERE method LIKE '2022-%';
--> statement-breakpoint
ALTER TABLE vpn_nodes ADD CONSTRAINT vpn_nodes_server_key_check
  CHECK ((server_key IS NOT NULL) = (method IS NOT NULL AND method LIKE '2022-%'));
--> statement-breakpoint
-- Bytes per user and per node per calendar month (UTC), added by the nodes' traffic pushes.
CREATE TABLE user_traffic (
  user_id integer NOT NULL REFERENCES users (id),
  period date NOT NULL,
  upload bigint NOT NULL DEFAULT 0 CHECK (upload >= 0),
  download bigint NOT NULL DEFAULT 0 CHECK (download >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, period)
);
--> statement-breakpoint
CREATE TABLE node_traffic (
  node_id integer NOT NULL REFERENCES vpn_nodes (id),
  period date NOT NULL,
  upload bigint NOT NULL DEFAULT 0 CHECK (upload >= 0),
  download bigint NOT NULL DEFAULT 0 CHECK (download >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (node_id, period)
);
--> statement-breakpoint
-- A traffic push that named a report id: a retry with the same id is acknowledged and not counted.
CREATE TABLE node_traffic_reports (
  node_id integer NOT NULL REFERENCES vpn_nodes (id),
  report_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (node_id, report_id)
);
--> statement-breakpoint
-- The IPs each node last reported online per user; one counts as a device while seen_at is recent.
CREATE TABLE node_online_ips (
  user_id integer NOT NULL REFERENCES users (id),
  node_id integer NOT NULL REFERENCES vpn_nodes (id),
  ip text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, node_id, ip)
);
--> statement-breakpoint
CREATE INDEX node_online_ips_node_idx ON node_online_ips (node_id);
