-- A registration's session is kept by the SPA for one tab (sessionStorage, SPEC §4). The first other
-- call made with it answers with a fresh, ordinary token in `pragma`, which the SPA keeps in
-- localStorage and the cookie, so the new user stays signed in in other tabs (issue 11, item 11).
-- tab_only marks a session that has not been renewed that way yet. See docs/protocol.md.
ALTER TABLE sessions ADD COLUMN tab_only boolean NOT NULL DEFAULT false;
