-- The KOL programme (issue 14): who is a KOL on what terms, the commission ledger booked from the
-- store's credited payments, the settlements that pay it out, and every payout hash recorded.
-- Money here is integer US cents; a CNY payment keeps its own amount and the rate it converted at.
-- Rules and their reasons: docs/kol.md.
--
-- One row per user who was ever made a KOL. users.is_kol mirrors "ended_at IS NULL" for the
-- session's user info (the menu entry); this table holds the terms.
CREATE TABLE kol_accounts (
  user_id integer PRIMARY KEY REFERENCES users (id),
  first_rate_percent integer NOT NULL CHECK (first_rate_percent BETWEEN 25 AND 100),
  renewal_rate_percent integer NOT NULL CHECK (renewal_rate_percent BETWEEN 1 AND 25),
  payout_network text CHECK (payout_network IN ('tron', 'ethereum', 'bsc', 'polygon', 'arbitrum')),
  payout_address text,
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((payout_network IS NULL) = (payout_address IS NULL))
);
--> statement-breakpoint
-- A settlement takes every available commission of one KOL at once; it is paid when its
-- transaction hash is recorded (and, with a verifier, confirmed on chain).
CREATE TABLE kol_settlements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kol_id integer NOT NULL REFERENCES users (id),
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  commission_count integer NOT NULL CHECK (commission_count > 0),
  -- The booking dates of the oldest and newest commission it pays.
  period_from timestamptz NOT NULL,
  period_to timestamptz NOT NULL,
  requested_by text NOT NULL CHECK (requested_by IN ('kol', 'operator')),
  -- Copied from the KOL's terms when the settlement is made: a later change of address does not
  -- redirect a payout already under way.
  payout_network text NOT NULL CHECK (payout_network IN ('tron', 'ethereum', 'bsc', 'polygon', 'arbitrum')),
  payout_address text NOT NULL,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'paid')),
  tx_hash text,
  -- 'unverified': recorded, not (yet) checked on chain; 'verified': the chain shows the transfer;
  -- 'rejected': the chain does not (the settlement stays processing until a correct hash).
  verification text CHECK (verification IN ('unverified', 'verified', 'rejected')),
  verification_note text,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (period_from <= period_to),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  CHECK (status = 'processing' OR tx_hash IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX kol_settlements_kol_idx ON kol_settlements (kol_id, created_at DESC);
--> statement-breakpoint
CREATE UNIQUE INDEX kol_settlements_tx_key ON kol_settlements (payout_network, lower(tx_hash))
  WHERE tx_hash IS NOT NULL;
--> statement-breakpoint
-- Every hash an operator recorded for a settlement, corrections included: the audit trail.
CREATE TABLE kol_payout_records (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  settlement_id bigint NOT NULL REFERENCES kol_settlements (id),
  tx_hash text NOT NULL,
  verification text NOT NULL CHECK (verification IN ('unverified', 'verified', 'rejected')),
  note text NOT NULL DEFAULT '',
  recorded_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX kol_payout_records_settlement_idx ON kol_payout_records (settlement_id, id);
--> statement-breakpoint
-- The ledger. kind 'commission': one per credited order of an invitee (unique order_id), positive.
-- kind 'clawback': the negative twin of a settled commission whose order was refunded or voided
-- after settlement (unique reverses_id), netted against the next payout.
CREATE TABLE kol_commissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kol_id integer NOT NULL REFERENCES users (id),
  invitee_id integer NOT NULL REFERENCES users (id),
  order_id bigint NOT NULL REFERENCES orders (id),
  kind text NOT NULL CHECK (kind IN ('commission', 'clawback')),
  reverses_id bigint UNIQUE REFERENCES kol_commissions (id),
  -- SPEC §3: 0 first (the invitee's first paid order), 1 renewal.
  purchase_type smallint NOT NULL CHECK (purchase_type IN (0, 1)),
  rate_percent integer NOT NULL CHECK (rate_percent BETWEEN 1 AND 100),
  -- What the invitee paid, as paid, and in US cents at the stored rate (1 for USD).
  paid_amount bigint NOT NULL CHECK (paid_amount > 0),
  paid_currency text NOT NULL CHECK (paid_currency IN ('CNY', 'USD')),
  -- US dollars per unit of paid_currency, times 1,000,000 (0.138 USD per CNY = 138000).
  usd_rate_micros bigint NOT NULL CHECK (usd_rate_micros > 0),
  paid_usd_cents bigint NOT NULL CHECK (paid_usd_cents >= 0),
  commission_cents bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'available', 'settled', 'voided')),
  -- The end of the refund window: pending until then.
  available_at timestamptz NOT NULL,
  settlement_id bigint REFERENCES kol_settlements (id),
  void_reason text,
  voided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'commission') = (reverses_id IS NULL)),
  CHECK ((kind = 'commission' AND commission_cents >= 0) OR (kind = 'clawback' AND commission_cents < 0)),
  CHECK ((status = 'settled') = (settlement_id IS NOT NULL)),
  CHECK ((status = 'voided') = (voided_at IS NOT NULL AND void_reason IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX kol_commissions_order_key ON kol_commissions (order_id) WHERE kind = 'commission';
--> statement-breakpoint
CREATE INDEX kol_commissions_kol_idx ON kol_commissions (kol_id, status, created_at DESC);
--> statement-breakpoint
CREATE INDEX kol_commissions_settlement_idx ON kol_commissions (settlement_id)
  WHERE settlement_id IS NOT NULL;
