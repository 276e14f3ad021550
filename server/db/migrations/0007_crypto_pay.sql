-- Crypto payment (issue 13): EVM networks and their stablecoins as the operator configures them,
-- the quote each crypto order carries, the transaction hashes buyers submit, every ERC-20 Transfer
-- to a receiving address that was seen on chain, and the watcher's position per network.
-- Token amounts are numeric(78,0): base units up to 2^256. See docs/crypto-pay.md.
ALTER TABLE orders DROP CONSTRAINT orders_method_check;
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_method_check
  CHECK (method IN ('alipay', 'wechat', 'unionpay', 'card', 'crypto'));
--> statement-breakpoint
CREATE TABLE crypto_networks (
  chain_id bigint PRIMARY KEY CHECK (chain_id > 0),
  name text NOT NULL,
  -- Tried in order (viem's fallback transport).
  rpc_urls text[] NOT NULL CHECK (cardinality(rpc_urls) > 0),
  explorer_url text,
  native_symbol text NOT NULL DEFAULT 'ETH',
  confirmations integer NOT NULL CHECK (confirmations BETWEEN 1 AND 1000),
  -- Lower-case 0x address; every token of the network is paid to it.
  receiving_address text NOT NULL CHECK (receiving_address ~ '^0x[0-9a-f]{40}$'),
  enabled boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE crypto_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id bigint NOT NULL REFERENCES crypto_networks (chain_id) ON DELETE CASCADE,
  symbol text NOT NULL CHECK (symbol ~ '^[A-Z0-9.]{1,12}$'),
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  decimals integer NOT NULL CHECK (decimals BETWEEN 2 AND 36),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_id, symbol),
  UNIQUE (chain_id, address)
);
--> statement-breakpoint
-- What a crypto order asks for, fixed when the buyer confirmed: one per order.
CREATE TABLE crypto_quotes (
  order_id bigint PRIMARY KEY REFERENCES orders (id),
  chain_id bigint NOT NULL,
  token_address text NOT NULL,
  token_symbol text NOT NULL,
  decimals integer NOT NULL,
  amount numeric(78, 0) NOT NULL CHECK (amount > 0),
  receiving_address text NOT NULL,
  payer_address text NOT NULL CHECK (payer_address ~ '^0x[0-9a-f]{40}$'),
  -- The CNY per USD rate a CNY-priced order was converted at (null for USD prices).
  cny_per_usd numeric(12, 6),
  -- A transfer mined before this block cannot pay the quote.
  from_block bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX crypto_quotes_match_idx ON crypto_quotes (chain_id, token_address, payer_address);
--> statement-breakpoint
-- The hashes the SPA sent for an order, and the verdict on each once the chain answered.
CREATE TABLE crypto_submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  tx_hash text NOT NULL CHECK (tx_hash ~ '^0x[0-9a-f]{64}$'),
  -- pending: not (or no longer) on chain; accepted: its transfers belong to the order;
  -- refused: it cannot pay the order, error_code says why.
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'accepted', 'refused')),
  error_code integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, tx_hash)
);
--> statement-breakpoint
-- Every Transfer log to a receiving address that was seen (submitted or found by the watcher). The
-- unique (chain, tx, log index) is what makes one transfer pay at most one order.
CREATE TABLE crypto_transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id bigint NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  token_address text NOT NULL,
  from_address text NOT NULL,
  to_address text NOT NULL,
  amount numeric(78, 0) NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  block_time timestamptz NOT NULL,
  -- null: no quote matches (listed for the operator).
  order_id bigint REFERENCES orders (id),
  -- confirming: counts toward its order once confirmed; confirmed: enough confirmations;
  -- reorged: its block is no longer on the chain; unmatched: no order; refused: see reason.
  state text NOT NULL CHECK (state IN ('confirming', 'confirmed', 'reorged', 'unmatched', 'refused')),
  reason text,
  confirmations integer NOT NULL DEFAULT 0,
  source text NOT NULL CHECK (source IN ('submitted', 'watcher')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_id, tx_hash, log_index)
);
--> statement-breakpoint
CREATE INDEX crypto_transfers_order_idx ON crypto_transfers (order_id) WHERE order_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX crypto_transfers_open_idx ON crypto_transfers (chain_id)
  WHERE state IN ('confirming', 'confirmed');
--> statement-breakpoint
-- The last block the watcher has read on each network; created by the first quote on it.
CREATE TABLE crypto_watch_cursors (
  chain_id bigint PRIMARY KEY,
  last_block bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
