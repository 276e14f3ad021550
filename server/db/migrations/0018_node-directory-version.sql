-- What the nodes see, as one version number (issue 23; docs/nodes.md "Fleet scale"). A node's user
-- list depends on the members' plan, expiry, deletion, disabling, node credential and device limit,
-- and on the third-party client function's speed limit. Every transaction that changes any of these
-- bumps `node_directory.version` once, so the node API answers an unchanged list from a body it
-- built before (304 without reading 50,000 members) in every process sharing this database.
--
-- The bump is a deferred constraint trigger: it runs at commit, after the transaction took every
-- other lock it needs, so it cannot deadlock with row locks on users, and the one row is locked only
-- for the instant of the commit. `bumped_by` makes a transaction that changes 1,000 members bump
-- once. Readers take the version before the list, so a cached list is never older than its version.
-- The passage of time (an expiry) is not a write: the cache keeps the earliest expiry it listed and
-- builds again once it is past (server/nodes/node-directory.ts).
CREATE TABLE node_directory (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1,
  bumped_by bigint,
  bumped_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO node_directory DEFAULT VALUES;
--> statement-breakpoint
CREATE FUNCTION node_directory_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE node_directory SET version = version + 1, bumped_by = txid_current(), bumped_at = now()
  WHERE bumped_by IS DISTINCT FROM txid_current();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_node_directory AFTER INSERT OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION node_directory_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_node_directory_update
  AFTER UPDATE OF plan_type, expire_time, deleted_at, disabled, node_uuid, device_limit ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.plan_type IS DISTINCT FROM NEW.plan_type
    OR OLD.expire_time IS DISTINCT FROM NEW.expire_time
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.disabled IS DISTINCT FROM NEW.disabled
    OR OLD.node_uuid IS DISTINCT FROM NEW.node_uuid
    OR OLD.device_limit IS DISTINCT FROM NEW.device_limit)
  EXECUTE FUNCTION node_directory_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER third_party_clients_node_directory AFTER INSERT OR DELETE ON third_party_clients
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION node_directory_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER third_party_clients_node_directory_update
  AFTER UPDATE OF enabled, speed_limit_mbps ON third_party_clients
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.enabled IS DISTINCT FROM NEW.enabled
    OR OLD.speed_limit_mbps IS DISTINCT FROM NEW.speed_limit_mbps)
  EXECUTE FUNCTION node_directory_bump();
