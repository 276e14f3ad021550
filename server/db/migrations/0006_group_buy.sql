-- Group buy (issue 12, docs/group-buy.md): friends share one plan in a group of 2 or 3. A group pays
-- through the store's orders, gateways and refunds; these tables hold only what is the group's own.
--
-- The price of ONE seat of a plan in a group of `size`, per currency (operator: `group-buy prices`).
CREATE TABLE group_prices (
  plan_id integer NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  size smallint NOT NULL CHECK (size IN (2, 3)),
  currency text NOT NULL CHECK (currency IN ('CNY', 'USD')),
  amount bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (plan_id, size, currency)
);
--> statement-breakpoint
CREATE TABLE group_buys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The group ID shown in tables (SPEC §3); random, so it tells nothing about how many groups exist.
  group_no text NOT NULL UNIQUE,
  -- The invite link's token: 24 random bytes, base64url. Never the sequential id.
  invite_token text NOT NULL UNIQUE CHECK (length(invite_token) >= 22),
  creator_id integer NOT NULL REFERENCES users (id),
  plan_id integer NOT NULL REFERENCES plans (id),
  -- The plan as sold, locked at creation like an order's.
  group_type smallint NOT NULL CHECK (group_type IN (1, 2)),
  months integer NOT NULL,
  duration_days integer NOT NULL,
  max_devices integer NOT NULL,
  size smallint NOT NULL CHECK (size IN (2, 3)),
  -- SPEC §3: 0 pay all, 1 pay self.
  payment_type smallint NOT NULL CHECK (payment_type IN (0, 1)),
  currency text NOT NULL CHECK (currency IN ('CNY', 'USD')),
  seat_price bigint NOT NULL CHECK (seat_price > 0),
  -- awaiting_payment -> open -> finished | ended; void: the creator's order closed unpaid.
  state text NOT NULL DEFAULT 'awaiting_payment'
    CHECK (state IN ('awaiting_payment', 'open', 'finished', 'ended', 'void')),
  created_at timestamptz NOT NULL DEFAULT now(),
  opened_at timestamptz,
  ends_at timestamptz,
  completed_at timestamptz,
  ended_at timestamptz,
  -- Pay all, ended unfilled: the batch of redeem codes made for the unused seats.
  redeem_batch_id integer REFERENCES redeem_batches (id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state IN ('awaiting_payment', 'void')) = (opened_at IS NULL)),
  CHECK ((state = 'finished') = (completed_at IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX group_buys_creator_idx ON group_buys (creator_id, created_at DESC);
--> statement-breakpoint
CREATE INDEX group_buys_open_idx ON group_buys (ends_at) WHERE state = 'open';
--> statement-breakpoint
-- A seat: the creator's (role creator) and each member's, with the order that pays it (none for a
-- free seat of a pay-all group).
CREATE TABLE group_members (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES group_buys (id),
  user_id integer NOT NULL REFERENCES users (id),
  is_creator boolean NOT NULL DEFAULT false,
  order_id bigint UNIQUE REFERENCES orders (id),
  state text NOT NULL
    CHECK (state IN ('reserved', 'paid', 'joined', 'released', 'refunded', 'refund_due')),
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  released_at timestamptz,
  refunded_at timestamptz,
  -- When the finished group granted this member's membership.
  granted_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (state <> 'joined' OR order_id IS NULL),
  CHECK (state NOT IN ('reserved', 'paid') OR order_id IS NOT NULL)
);
--> statement-breakpoint
-- One live seat per user and group: a second join is 'already joined', never a second seat.
CREATE UNIQUE INDEX group_members_live_key ON group_members (group_id, user_id)
  WHERE state IN ('reserved', 'paid', 'joined');
--> statement-breakpoint
-- One creator per group.
CREATE UNIQUE INDEX group_members_creator_key ON group_members (group_id) WHERE is_creator;
--> statement-breakpoint
CREATE INDEX group_members_user_idx ON group_members (user_id, created_at DESC);
--> statement-breakpoint
-- The order of a seat points at its group, so crediting knows it without a search.
ALTER TABLE orders ADD COLUMN group_buy_id bigint REFERENCES group_buys (id);
--> statement-breakpoint
-- A finished group grants a free seat's membership under ('group', '<group_no>:<user id>').
ALTER TABLE membership_grants DROP CONSTRAINT membership_grants_source_check;
--> statement-breakpoint
ALTER TABLE membership_grants ADD CONSTRAINT membership_grants_source_check
  CHECK (source IN ('order', 'redeem', 'trial', 'invite_reward', 'invite_trial', 'refund', 'admin', 'group'));
