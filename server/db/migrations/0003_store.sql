-- The store (issue 3): plans and prices, promo codes, orders, gateway payments, the membership
-- ledger, redeem codes, free trials and invite rewards. Money is integer minor units beside a
-- currency code. Every grant of value is guarded by a unique constraint (see docs/store.md).
ALTER TABLE users ADD COLUMN device_limit integer CHECK (device_limit > 0);
--> statement-breakpoint
-- A plan is one product of the goods list: a shop group (1 standard, 2 lite) and a duration.
CREATE TABLE plans (
  id integer PRIMARY KEY,
  group_type smallint NOT NULL CHECK (group_type IN (1, 2)),
  months integer NOT NULL CHECK (months > 0),
  duration_days integer NOT NULL CHECK (duration_days > 0),
  max_devices integer NOT NULL CHECK (max_devices > 0),
  recommended boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_type, months)
);
--> statement-breakpoint
CREATE TABLE plan_prices (
  plan_id integer NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency IN ('CNY', 'USD')),
  amount bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (plan_id, currency)
);
--> statement-breakpoint
CREATE TABLE coupons (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Stored upper-case; codes are matched case-insensitively.
  code text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('percent', 'fixed')),
  percent_off integer CHECK (percent_off BETWEEN 1 AND 100),
  amount_off bigint CHECK (amount_off > 0),
  currency text CHECK (currency IN ('CNY', 'USD')),
  -- Null: every plan.
  plan_ids integer[],
  -- Null: unlimited.
  max_uses integer CHECK (max_uses > 0),
  used_count integer NOT NULL DEFAULT 0,
  per_user_limit integer NOT NULL DEFAULT 1 CHECK (per_user_limit > 0),
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (used_count >= 0 AND (max_uses IS NULL OR used_count <= max_uses)),
  CHECK (
    (kind = 'percent' AND percent_off IS NOT NULL AND amount_off IS NULL)
    OR (kind = 'fixed' AND amount_off IS NOT NULL AND currency IS NOT NULL AND percent_off IS NULL)
  )
);
--> statement-breakpoint
CREATE TABLE orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The public order ID shown to the user and sent to gateways as the out-trade number.
  order_no text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id),
  idempotency_key text NOT NULL,
  plan_id integer NOT NULL REFERENCES plans (id),
  -- The plan as sold, locked at creation: later plan edits do not change an order.
  group_type smallint NOT NULL CHECK (group_type IN (1, 2)),
  months integer NOT NULL,
  duration_days integer NOT NULL,
  max_devices integer NOT NULL,
  method text NOT NULL CHECK (method IN ('alipay', 'wechat', 'unionpay', 'card')),
  gateway text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('CNY', 'USD')),
  subtotal bigint NOT NULL CHECK (subtotal > 0),
  discount bigint NOT NULL DEFAULT 0 CHECK (discount >= 0),
  total bigint NOT NULL CHECK (total > 0),
  coupon_id integer REFERENCES coupons (id),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded')),
  -- The gateway's own reference for the checkout (session id, trade number) and where to pay.
  gateway_ref text,
  pay_url text,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  closed_at timestamptz,
  -- Set when a payment needed an operator's eye (paid after expiry, amount or currency mismatch).
  flagged_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key),
  CHECK (total = subtotal - discount)
);
--> statement-breakpoint
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
--> statement-breakpoint
CREATE INDEX orders_pending_idx ON orders (expires_at) WHERE status = 'pending';
--> statement-breakpoint
-- One row per coupon use; released (not deleted) when its order is cancelled or expires unpaid.
CREATE TABLE coupon_redemptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  coupon_id integer NOT NULL REFERENCES coupons (id),
  user_id integer NOT NULL REFERENCES users (id),
  order_id bigint NOT NULL UNIQUE REFERENCES orders (id),
  released_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX coupon_redemptions_user_idx ON coupon_redemptions (coupon_id, user_id)
  WHERE released_at IS NULL;
--> statement-breakpoint
-- A payment as the gateway reported it. The unique (gateway, trade_no) makes every notification,
-- however often delivered, credit at most once.
CREATE TABLE payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  gateway text NOT NULL,
  trade_no text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'refunded')),
  raw jsonb,
  received_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz,
  UNIQUE (gateway, trade_no)
);
--> statement-breakpoint
CREATE UNIQUE INDEX payments_order_key ON payments (order_id);
--> statement-breakpoint
-- What an operator must look at: late payments, wrong amounts or currencies, unknown orders.
CREATE TABLE payment_flags (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint REFERENCES orders (id),
  gateway text NOT NULL,
  trade_no text,
  reason text NOT NULL,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
--> statement-breakpoint
-- The membership ledger: every change of a user's plan or expiry, with what caused it. The unique
-- (source, source_ref) is what makes a grant happen once: an order credits once, a redeem code once
-- per user, an invite reward once per paying order.
CREATE TABLE membership_grants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  source text NOT NULL CHECK (source IN ('order', 'redeem', 'trial', 'invite_reward', 'refund', 'admin')),
  source_ref text NOT NULL,
  plan_type smallint NOT NULL CHECK (plan_type IN (1, 2)),
  kind text NOT NULL,
  seconds bigint NOT NULL,
  expire_before timestamptz,
  expire_after timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, source_ref)
);
--> statement-breakpoint
CREATE INDEX membership_grants_user_idx ON membership_grants (user_id, created_at DESC);
--> statement-breakpoint
CREATE TABLE redeem_batches (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE redeem_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  batch_id integer NOT NULL REFERENCES redeem_batches (id),
  group_type smallint NOT NULL CHECK (group_type IN (1, 2)),
  duration_days integer NOT NULL CHECK (duration_days > 0),
  -- The plan it stands for, when it was issued for one; null for an amount of time.
  plan_id integer REFERENCES plans (id),
  max_uses integer NOT NULL DEFAULT 1 CHECK (max_uses > 0),
  used_count integer NOT NULL DEFAULT 0,
  expires_at timestamptz,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (used_count >= 0 AND used_count <= max_uses)
);
--> statement-breakpoint
CREATE TABLE redemptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code_id bigint NOT NULL REFERENCES redeem_codes (id),
  user_id integer NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (code_id, user_id)
);
--> statement-breakpoint
-- The free trial: once per account and, for app devices, once per device.
CREATE TABLE trials (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL UNIQUE REFERENCES users (id),
  device_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Invite rewards: the inviter's share of a referred user's paid order, once per order.
CREATE TABLE invite_rewards (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  inviter_id integer NOT NULL REFERENCES users (id),
  invitee_id integer NOT NULL REFERENCES users (id),
  order_id bigint NOT NULL UNIQUE REFERENCES orders (id),
  percent integer NOT NULL,
  seconds bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX invite_rewards_inviter_idx ON invite_rewards (inviter_id, created_at DESC);
