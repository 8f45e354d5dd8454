-- The partial index on live rows drew the planner away from the full-text index whenever the
-- table's statistics were stale (right after a large push): a search then read every live row.
-- Per-project lookups use the primary key (project_id, hash).
DROP INDEX IF EXISTS mind_entries_live;
