-- Who fetched a member's subscription link (issue 22, item 7; docs/account-security.md
-- "Subscription fetches"): time, address and client of every fetch of a link of theirs, served or
-- refused (a used or expired link asked again). /user/security lists the last 20; a served fetch
-- from an address that neither an earlier fetch nor a sign-in of the member came from queues an
-- e-mail with the reset one tap away. Kept 90 days; erased with the account's other data.
CREATE TABLE subscription_fetches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  fetched_at timestamptz NOT NULL DEFAULT now(),
  ip text NOT NULL,
  client text NOT NULL,
  served boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX subscription_fetches_user_idx ON subscription_fetches (user_id, fetched_at DESC);
--> statement-breakpoint
CREATE INDEX subscription_fetches_user_ip_idx ON subscription_fetches (user_id, ip);
