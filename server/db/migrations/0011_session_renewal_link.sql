-- The ordinary session a registration's tab-only session was renewed into (migration 0005) points
-- back at it: the two are one sign-in, so logging out with either ends both (issue 11, item 11;
-- docs/protocol.md). Without the link, the registration's token kept working after a logout.
ALTER TABLE sessions ADD COLUMN renewed_from bigint REFERENCES sessions (id);
--> statement-breakpoint
CREATE INDEX sessions_renewed_from ON sessions (renewed_from) WHERE renewed_from IS NOT NULL;
