-- Changing the e-mail or phone of an account (issue 22, item 2; docs/account-security.md "E-mail
-- and phone"): a code of its own purpose goes to the new address, and it is bound to the member who
-- asked for it, so a code sent for one account can never move the address to another.
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
--> statement-breakpoint
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check
  CHECK (purpose IN ('register', 'reset_password', 'change_target'));
--> statement-breakpoint
ALTER TABLE verification_codes ADD COLUMN user_id integer REFERENCES users (id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_change_target_user
  CHECK ((purpose = 'change_target') = (user_id IS NOT NULL));
