-- The column (栏目) trees of the two portal sites (issue 12). Content is the enterprise's: the rows carry the
-- enterprise of the staff who edit them (the group's operating enterprise in the demo), and every query is
-- scoped by it. A site's tree has one row in portal_column_trees: its version (raised by every change to any of
-- its columns, so a whole-tree save can name the version it started from) and the mind-map editor's autosaved
-- draft. Every write to a tree locks that row first, so the tree rules (sibling slugs, depth, no cycles) are
-- checked against a tree nobody else is changing.
CREATE TABLE portal_column_trees (
  enterprise_id        text NOT NULL REFERENCES enterprises(id),
  site                 text NOT NULL CHECK (site IN ('portalWebsite', 'portalWebsites')),
  version              integer NOT NULL DEFAULT 0,
  draft                jsonb,
  draft_base_version   integer,
  draft_user_id        text,
  draft_user_name      text,
  draft_time           timestamptz,
  PRIMARY KEY (enterprise_id, site)
);

CREATE TABLE portal_columns (
  id                bigserial PRIMARY KEY,
  enterprise_id     text NOT NULL,
  site              text NOT NULL,
  parent_id         bigint REFERENCES portal_columns(id),
  name              text NOT NULL,
  slug              text NOT NULL,
  kind              text NOT NULL CHECK (kind IN ('list', 'page', 'link', 'topic')),
  link_url          text NOT NULL DEFAULT '',
  sort_order        integer NOT NULL DEFAULT 0,
  visible           boolean NOT NULL DEFAULT true,
  seo_title         text NOT NULL DEFAULT '',
  seo_keywords      text NOT NULL DEFAULT '',
  seo_description   text NOT NULL DEFAULT '',
  version           integer NOT NULL DEFAULT 1,
  create_user_id    text NOT NULL,
  create_user_name  text NOT NULL,
  change_user_id    text NOT NULL,
  change_user_name  text NOT NULL,
  create_time       timestamptz NOT NULL DEFAULT now(),
  update_time       timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (enterprise_id, site) REFERENCES portal_column_trees (enterprise_id, site)
);
CREATE INDEX portal_columns_tree_idx ON portal_columns (enterprise_id, site, parent_id, sort_order);
CREATE INDEX portal_columns_parent_idx ON portal_columns (parent_id);
