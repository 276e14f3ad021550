-- Each node's traffic per UTC day (issue 21, item 4; docs/console.md): the console's traffic chart
-- over 30 and 90 days. Written by the same statement as node_traffic (the month's counter), so the two
-- never disagree; like it, a counter saturates instead of overflowing.
CREATE TABLE node_traffic_daily (
  node_id integer NOT NULL REFERENCES vpn_nodes (id),
  day date NOT NULL,
  upload bigint NOT NULL DEFAULT 0 CHECK (upload >= 0),
  download bigint NOT NULL DEFAULT 0 CHECK (download >= 0),
  PRIMARY KEY (node_id, day)
);
--> statement-breakpoint
CREATE INDEX node_traffic_daily_day ON node_traffic_daily (day);
