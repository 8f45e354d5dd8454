-- Projects known to the team database: one row per identity (the normalised git remote).
CREATE TABLE mind_projects (
    id         bigserial PRIMARY KEY,
    identity   text NOT NULL UNIQUE,
    name       text NOT NULL,
    -- The last push that changed something (an unchanged push writes nothing).
    last_push  timestamptz
);

-- One row per entry or named-memory section, keyed by its content hash within a project.
CREATE TABLE mind_entries (
    project_id  bigint NOT NULL REFERENCES mind_projects (id) ON DELETE CASCADE,
    hash        text NOT NULL,
    kind        text NOT NULL,
    entry_date  date,
    body        text NOT NULL,
    file        text NOT NULL,
    line        integer NOT NULL,
    memory      text,
    section     text,
    author      text,
    commit_id   text,
    status      text NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'superseded', 'deleted')),
    embedding   real[],
    first_pushed timestamptz NOT NULL,
    changed_at  timestamptz NOT NULL,
    tsv         tsvector GENERATED ALWAYS AS (
                    to_tsvector('english', coalesce(section, '') || ' ' || body)
                ) STORED,
    PRIMARY KEY (project_id, hash)
);

CREATE INDEX mind_entries_tsv ON mind_entries USING gin (tsv);
CREATE INDEX mind_entries_live ON mind_entries (project_id) WHERE status = 'live';
