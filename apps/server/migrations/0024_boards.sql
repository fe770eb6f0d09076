-- Dashboard boards and visualisation scenes of the data portal (issue 13). One table for both (kind): a board is a
-- grid of chart widgets on the page, a scene the same on a fixed 1920×1080 stage, dark, refreshing itself. Both
-- belong to the enterprise of the staff who edit them; every query is scoped by it. The widgets (kind, titles,
-- binding to a built-in dataset, grid position) are one jsonb array validated by the contract's schema; version is
-- raised by every save, and a save names the version it started from (a stale one is refused with 409).
CREATE TABLE data_dashboards (
  id                bigserial PRIMARY KEY,
  enterprise_id     text NOT NULL REFERENCES enterprises(id),
  kind              text NOT NULL CHECK (kind IN ('board', 'scene')),
  title_zh          text NOT NULL,
  title_en          text NOT NULL DEFAULT '',
  title_es          text NOT NULL DEFAULT '',
  -- The default filter: { "period": "last12Months", "warehouseId": null, "enterpriseId": null }.
  filter            jsonb NOT NULL,
  widgets           jsonb NOT NULL DEFAULT '[]',
  -- Scenes: seconds between refreshes of the big screen.
  refresh_seconds   integer CHECK (refresh_seconds IS NULL OR refresh_seconds BETWEEN 30 AND 3600),
  version           integer NOT NULL DEFAULT 1,
  deleted           boolean NOT NULL DEFAULT false,
  create_user_id    text NOT NULL,
  create_user_name  text NOT NULL,
  update_user_name  text NOT NULL,
  create_time       timestamptz NOT NULL DEFAULT now(),
  update_time       timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'scene') = (refresh_seconds IS NOT NULL))
);
CREATE INDEX data_dashboards_list_idx ON data_dashboards (enterprise_id, kind, update_time DESC, id DESC) WHERE NOT deleted;

-- A scene's public share links. The link carries the row's random id and an HMAC of it (the key in app_secrets);
-- the row is checked on every view, so revoking (revoked_at) ends the link at once in every app process.
CREATE TABLE data_scene_shares (
  id                text PRIMARY KEY,
  dashboard_id      bigint NOT NULL REFERENCES data_dashboards(id),
  enterprise_id     text NOT NULL REFERENCES enterprises(id),
  create_user_id    text NOT NULL,
  create_user_name  text NOT NULL,
  create_time       timestamptz NOT NULL DEFAULT now(),
  revoked_at        timestamptz
);
CREATE INDEX data_scene_shares_scene_idx ON data_scene_shares (dashboard_id, create_time DESC) WHERE revoked_at IS NULL;
