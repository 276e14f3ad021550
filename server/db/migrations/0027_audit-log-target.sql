-- A member's record reads the audit entries about that member (server/console/users/member-record.ts:
-- action and target, e.g. 'member.membership' on 'user:42'). Without this index that lookup read
-- every entry of the action (audit_log_action_idx), which grows with the whole trail.
CREATE INDEX audit_log_target_idx ON audit_log (target, action);
