-- A problem a later fix resolved is pushed as 'resolved': kept, counted, never served by
-- searches or recalls as an open problem.
ALTER TABLE mind_entries DROP CONSTRAINT IF EXISTS mind_entries_status_check;
ALTER TABLE mind_entries ADD CONSTRAINT mind_entries_status_check
    CHECK (status IN ('live', 'superseded', 'resolved', 'deleted'));

-- Identities on hosts that ignore letter case in paths are pushed lower-cased from now on.
-- A project pushed before under a mixed-case spelling takes the lower-case one when no project
-- holds it yet (of several spellings, the one pushed last); one whose lower-case spelling is
-- taken keeps its name and its rows, and no push updates it again.
UPDATE mind_projects p
   SET identity = lower(p.identity), name = lower(p.name)
  FROM (SELECT DISTINCT ON (lower(identity)) id
          FROM mind_projects
         WHERE split_part(identity, '/', 1) IN ('github.com', 'gitlab.com', 'bitbucket.org')
           AND identity <> lower(identity)
           AND lower(identity) NOT IN (SELECT identity FROM mind_projects)
         ORDER BY lower(identity), last_push DESC NULLS LAST, id) AS pick
 WHERE p.id = pick.id;

-- This database's own name, made once: a clone keeps what it pushed to each database under it
-- (a database made again from nothing is another one), to tell its own removals from rows it
-- never held.
CREATE TABLE mind_database (
    id text PRIMARY KEY DEFAULT gen_random_uuid()::text
);
INSERT INTO mind_database DEFAULT VALUES;
