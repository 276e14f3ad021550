-- Room on each page for the updates node reports make (issue 23, docs/nodes.md "Fleet scale"). An
-- alive report renews `seen_at` of the IPs a node repeats and a push adds to a member's month: the
-- same rows, every minute, from every node. With free space on the page PostgreSQL writes the new
-- version beside the old one (a heap-only update) and no index gains an entry; at the default 100 %
-- every update goes to another page and adds to each index, which then bloats until vacuumed. An
-- alive report of 1,000 members with two IPs each took 22 ms at 100 % and 16 ms at 50 %. Pages
-- written from now on keep the room; existing ones gain it as rows churn.
ALTER TABLE node_online_ips SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE user_traffic SET (fillfactor = 70);
