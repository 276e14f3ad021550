-- Issue 19 item 1: a quote is paid only after its account proved that it controls the paying
-- wallet (an EIP-712 signature, ERC-1271 for contract wallets; docs/crypto-pay.md). Quotes open
-- before this migration start unproven: their page asks for the signature before they can be paid.
ALTER TABLE crypto_quotes ADD COLUMN account_label text;
--> statement-breakpoint
ALTER TABLE crypto_quotes ADD COLUMN proven_at timestamptz;
--> statement-breakpoint
ALTER TABLE crypto_quotes ADD COLUMN proof_signature text;
--> statement-breakpoint
-- The watcher matches a transfer only to proven quotes of its payer.
CREATE INDEX crypto_quotes_proven_match_idx ON crypto_quotes (chain_id, token_address, payer_address)
  WHERE proven_at IS NOT NULL;
