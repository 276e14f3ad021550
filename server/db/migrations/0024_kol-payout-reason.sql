-- Why a payout hash is not (yet) verified on chain is a value the console words in the reader's
-- language (docs/kol.md "Payout hashes"), like the hold detail of migration 0020: `code` and its
-- numbers, kept apart from the operator's own note. Rows recorded before held the English sentence
-- at the end of the note ("<note>; <reason>" or "<reason>"): it becomes the value, the note keeps
-- the operator's words only.
ALTER TABLE kol_settlements ADD COLUMN verification_reason jsonb;
--> statement-breakpoint
ALTER TABLE kol_payout_records ADD COLUMN reason jsonb;
--> statement-breakpoint
CREATE FUNCTION kol_payout_reason_of(note text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN m[1] IS NOT NULL THEN jsonb_build_object('code', 'not_read_here', 'network', m[1])
    WHEN m[2] IS NOT NULL THEN jsonb_build_object('code', 'no_usdt', 'chainId', m[2]::int)
    WHEN m[3] IS NOT NULL THEN jsonb_build_object('code', 'chain_not_configured', 'chainId', m[3]::int)
    WHEN m[4] IS NOT NULL THEN jsonb_build_object('code', 'no_verifier')
    WHEN m[5] IS NOT NULL THEN jsonb_build_object('code', 'reverted')
    WHEN m[6] IS NOT NULL THEN jsonb_build_object('code', 'no_transfer')
    WHEN m[7] IS NOT NULL THEN jsonb_build_object('code', 'too_small')
    WHEN m[8] IS NOT NULL THEN jsonb_build_object('code', 'unconfirmed',
      'confirmations', m[8]::int, 'required', m[9]::int)
    WHEN m[10] IS NOT NULL THEN jsonb_build_object('code', 'not_found')
    WHEN m[11] IS NOT NULL THEN jsonb_build_object('code', 'unreachable')
  END
  FROM (SELECT regexp_match(note, '(?:^|; )(?:'
    || '([a-z]+) is not read on chain here'
    || '|no USDT on chain (\d+) is configured \(npm run admin -- crypto network\)'
    || '|chain (\d+) is not configured'
    || '|(no chain verifier configured)'
    || '|(the transaction failed on chain)'
    || '|(the transaction sends no USDT to the payout address)'
    || '|(the transaction sends less USDT than the settlement)'
    || '|(\d+) of (\d+) confirmations so far'
    || '|(the transaction is not on chain \(yet\))'
    || '|(the chain could not be reached)'
    || ')$') AS m) AS found
$$;
--> statement-breakpoint
CREATE FUNCTION kol_payout_note_without_reason(note text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN kol_payout_reason_of(note) IS NULL THEN note
    ELSE regexp_replace(note, '(^|; )[^;]*$', '') END
$$;
--> statement-breakpoint
UPDATE kol_settlements
SET verification_reason = kol_payout_reason_of(verification_note),
  verification_note = nullif(kol_payout_note_without_reason(verification_note), '')
WHERE kol_payout_reason_of(verification_note) IS NOT NULL;
--> statement-breakpoint
UPDATE kol_payout_records
SET reason = kol_payout_reason_of(note), note = kol_payout_note_without_reason(note)
WHERE kol_payout_reason_of(note) IS NOT NULL;
--> statement-breakpoint
DROP FUNCTION kol_payout_note_without_reason(text);
--> statement-breakpoint
DROP FUNCTION kol_payout_reason_of(text);
