-- Issue 19, item 5: traffic counters saturate at 2^53 - 1 bytes (8 PiB), the largest count JSON and
-- JavaScript carry exactly (server/nodes/node-reports.ts COUNTER_CEILING; traffic.ts adds in numeric
-- and keeps the sum at or below it). A counter a forged push drove above it is brought back to it,
-- and the CHECKs hold the rule. See docs/nodes.md "What a node may report".
UPDATE user_traffic SET upload = least(upload, 9007199254740991), download = least(download, 9007199254740991)
WHERE upload > 9007199254740991 OR download > 9007199254740991;
--> statement-breakpoint
UPDATE node_traffic SET upload = least(upload, 9007199254740991), download = least(download, 9007199254740991)
WHERE upload > 9007199254740991 OR download > 9007199254740991;
--> statement-breakpoint
ALTER TABLE user_traffic ADD CONSTRAINT user_traffic_counter_ceiling
  CHECK (upload <= 9007199254740991 AND download <= 9007199254740991);
--> statement-breakpoint
ALTER TABLE node_traffic ADD CONSTRAINT node_traffic_counter_ceiling
  CHECK (upload <= 9007199254740991 AND download <= 9007199254740991);
