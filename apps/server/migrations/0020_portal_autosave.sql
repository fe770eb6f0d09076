-- The content editor's autosave: each user's working copy of the form they are editing, kept apart from the item
-- (every real save is a version; an autosave is not). An edit form's copy is keyed by (user, item); an add form's by
-- (user, site, type) with item_id NULL. base_version is the item version the form started from (NULL for a new
-- item), so opening the editor can tell whether the item moved on since. data is the form's values in the
-- contract's data shape, unvalidated beyond its size (the form is half-filled). A real save of the item by the same
-- user deletes it in the save's transaction.
CREATE TABLE portal_item_autosaves (
  id              bigserial PRIMARY KEY,
  enterprise_id   text NOT NULL REFERENCES enterprises(id),
  site            text NOT NULL CHECK (site IN ('portalWebsite', 'portalWebsites')),
  type            text NOT NULL CHECK (type IN ('article', 'announcement', 'pictureTextPage', 'pictureTextItem',
                    'video', 'industryVideo', 'banner', 'websiteCopy', 'layoutSlot')),
  item_id         bigint REFERENCES portal_items(id),
  user_id         text NOT NULL,
  user_name       text NOT NULL,
  data            jsonb NOT NULL,
  go_live_at      timestamptz,
  expire_at       timestamptz,
  base_version    integer,
  saved_time      timestamptz NOT NULL DEFAULT now(),
  CHECK ((item_id IS NULL) = (base_version IS NULL))
);
CREATE UNIQUE INDEX portal_item_autosaves_item ON portal_item_autosaves (item_id, user_id) WHERE item_id IS NOT NULL;
CREATE UNIQUE INDEX portal_item_autosaves_new ON portal_item_autosaves (enterprise_id, site, type, user_id) WHERE item_id IS NULL;
