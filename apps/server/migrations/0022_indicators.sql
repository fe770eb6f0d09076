-- The indicator system of the data portal (issue 13): each enterprise's tree of indicators. One row per enterprise
-- in indicator_trees holds the tree's version (raised by every change, so a whole-tree save names the version it
-- started from and a stale one is refused) and the mind-map editor's autosaved draft; every write locks that row
-- first. Each change of an indicator appends a row to indicator_versions: who, when, the fields it changed (before
-- and after) and the indicator's fields as it left them (what a restore copies back).
CREATE TABLE indicator_trees (
  enterprise_id        text PRIMARY KEY REFERENCES enterprises(id),
  version              integer NOT NULL DEFAULT 0,
  draft                jsonb,
  draft_base_version   integer,
  draft_user_id        text,
  draft_user_name      text,
  draft_time           timestamptz
);

CREATE TABLE indicators (
  id                bigserial PRIMARY KEY,
  enterprise_id     text NOT NULL REFERENCES indicator_trees(enterprise_id),
  parent_id         bigint REFERENCES indicators(id),
  sort_order        integer NOT NULL DEFAULT 0,
  code              text NOT NULL,
  name              text NOT NULL,
  definition        text NOT NULL DEFAULT '',
  unit              text NOT NULL CHECK (unit IN ('yuan', 'tonne', 'piece', 'count', 'hour', 'percent')),
  frequency         text NOT NULL CHECK (frequency IN ('day', 'week', 'month', 'quarter', 'year')),
  aggregation       text NOT NULL CHECK (aggregation IN ('sum', 'avg', 'count', 'max', 'min', 'latest')),
  dataset_id        text NOT NULL DEFAULT '',
  field             text NOT NULL DEFAULT '',
  owner_id          text REFERENCES users(id),
  status            text NOT NULL CHECK (status IN ('draft', 'active', 'retired')),
  version           integer NOT NULL DEFAULT 1,
  create_user_id    text NOT NULL,
  change_user_id    text NOT NULL,
  change_user_name  text NOT NULL,
  create_time       timestamptz NOT NULL DEFAULT now(),
  update_time       timestamptz NOT NULL DEFAULT now(),
  CHECK ((dataset_id = '') = (field = ''))
);
-- Codes are unique per enterprise regardless of case; a whole-tree save may swap two codes, so the check is made
-- by the save against the whole new tree, and this index holds it at rest.
CREATE UNIQUE INDEX indicators_code_idx ON indicators (enterprise_id, lower(code));
CREATE INDEX indicators_tree_idx ON indicators (enterprise_id, parent_id, sort_order);
CREATE INDEX indicators_parent_idx ON indicators (parent_id);

CREATE TABLE indicator_versions (
  id              bigserial PRIMARY KEY,
  indicator_id    bigint NOT NULL REFERENCES indicators(id) ON DELETE CASCADE,
  enterprise_id   text NOT NULL,
  version         integer NOT NULL,
  action          text NOT NULL CHECK (action IN ('create', 'update', 'restore')),
  restored_from   integer,
  changes         jsonb NOT NULL,
  snapshot        jsonb NOT NULL,
  user_id         text NOT NULL,
  user_name       text NOT NULL,
  create_time     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (indicator_id, version)
);
