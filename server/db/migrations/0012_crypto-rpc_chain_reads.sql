-- Issue 19, items 2 and 6 (docs/crypto-pay.md, "What a status call costs the RPC" and "A credit a
-- reorg took back"). Independent of any other 0012 migration: it only adds.
--
-- The head block at which each transaction hash was last read from its chain, and what the read
-- found, shared by every process: a hash is read again only once the chain's head has moved past
-- it, however many status calls, watcher rounds and processes ask; until then they use `result`.
CREATE TABLE crypto_tx_reads (
  chain_id bigint NOT NULL,
  tx_hash text NOT NULL,
  read_block bigint NOT NULL,
  -- null while the read at read_block is out; {"receipt": null} when not mined; else the receipt.
  result jsonb,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, tx_hash)
);
--> statement-breakpoint
-- The per-user window on new submitted hashes counts a user's recent submissions.
CREATE INDEX crypto_submissions_created_idx ON crypto_submissions (created_at);
--> statement-breakpoint
-- A credited order whose transfer left the chain is flagged once.
CREATE UNIQUE INDEX payment_flags_crypto_reorged_once ON payment_flags (order_id)
  WHERE reason = 'crypto_reorged_after_credit';
