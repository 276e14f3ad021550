-- Self-referral review (issue 19, item 4; docs/kol.md): a commission whose buyer shares a device,
-- a sign-up IP, a paying wallet or a payment account with the KOL is booked 'held' and waits for an
-- operator (`kol confirm` / `kol void`) instead of maturing by itself. This migration records the
-- signals that were not kept yet and indexes the lookups the booking makes.
--
-- The address a user signed up from (the API context's ip: behind TRUST_PROXY, the forwarded one).
ALTER TABLE users ADD COLUMN signup_ip text;
--> statement-breakpoint
-- Accounts made before this migration: the address of their first session, which registration opens.
UPDATE users u SET signup_ip = s.ip
FROM (SELECT DISTINCT ON (user_id) user_id, ip FROM sessions WHERE ip IS NOT NULL ORDER BY user_id, id) s
WHERE s.user_id = u.id AND u.signup_ip IS NULL AND u.deleted_at IS NULL;
--> statement-breakpoint
-- "Did the KOL sign in from this address / on this device?": one index probe each, revoked sessions included.
CREATE INDEX sessions_user_ip_idx ON sessions (user_id, ip, created_at) WHERE ip IS NOT NULL;
--> statement-breakpoint
CREATE INDEX sessions_user_device_idx ON sessions (user_id, device_id) WHERE device_id IS NOT NULL;
--> statement-breakpoint
-- The buyer's account at the gateway, where its signed notification names one (EPay `buyer`,
-- Stripe `customer`, the sandbox's `buyer`); null when it does not.
ALTER TABLE payments ADD COLUMN payer_account text;
--> statement-breakpoint
CREATE INDEX payments_payer_account_idx ON payments (gateway, payer_account) WHERE payer_account IS NOT NULL;
--> statement-breakpoint
-- Senders of confirmed transfers, compared case-insensitively (EVM addresses).
CREATE INDEX crypto_transfers_sender_idx ON crypto_transfers (lower(from_address)) WHERE state = 'confirmed';
--> statement-breakpoint
ALTER TABLE kol_commissions DROP CONSTRAINT kol_commissions_status_check;
--> statement-breakpoint
ALTER TABLE kol_commissions ADD CONSTRAINT kol_commissions_status_check
  CHECK (status IN ('held', 'pending', 'available', 'settled', 'voided'));
--> statement-breakpoint
-- Which signal matched when the commission was booked (kept after the review), and what it was.
ALTER TABLE kol_commissions ADD COLUMN hold_signal text
  CHECK (hold_signal IN ('device', 'signup_ip', 'wallet', 'payment_account'));
--> statement-breakpoint
ALTER TABLE kol_commissions ADD COLUMN hold_detail text;
--> statement-breakpoint
-- The operator's confirmation (a void keeps its reason in void_reason as before).
ALTER TABLE kol_commissions ADD COLUMN reviewed_at timestamptz;
--> statement-breakpoint
ALTER TABLE kol_commissions ADD COLUMN review_note text;
--> statement-breakpoint
ALTER TABLE kol_commissions ADD CONSTRAINT kol_commissions_held_reason_check
  CHECK (status <> 'held' OR (hold_signal IS NOT NULL AND hold_detail IS NOT NULL));
--> statement-breakpoint
CREATE INDEX kol_commissions_held_idx ON kol_commissions (created_at, id) WHERE status = 'held';
