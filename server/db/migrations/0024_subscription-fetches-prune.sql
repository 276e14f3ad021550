-- Subscription fetches are kept 90 days (docs/account-security.md "Subscription fetches"): an hourly
-- job deletes the older ones of every member, by this index, so a member who never fetches again
-- keeps nothing past 90 days either.
CREATE INDEX subscription_fetches_fetched_at_idx ON subscription_fetches (fetched_at);
