-- Where a sign-up came from: the register-page source (SPEC §3) and the ad-click ids that arrived
-- as the x-gid, x-bd-vid and x-twclid headers. Erased with the rest of the personal data on deletion.
ALTER TABLE users ADD COLUMN signup_source text;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN signup_tracking jsonb;
