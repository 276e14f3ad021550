-- A held commission's `hold_detail` is what matched, as a value the reader's language can frame:
-- the device id, like the address, wallet or payment account of the other signals. Rows booked
-- before held the English sentence "device <id> is also the KOL's"; they keep the id only.
UPDATE kol_commissions
SET hold_detail = substring(hold_detail FROM '^device (.*) is also the KOL''s$')
WHERE hold_signal = 'device' AND hold_detail ~ '^device .* is also the KOL''s$';
