-- The content items of the two portal sites (issue 12): one table for every content type (the type's fields live
-- in the draft and live jsonb copies, validated by the contract's schema of the type). Like the column trees,
-- items belong to the enterprise of the staff who edit them and every query is scoped by it.
--
-- status is the stored state (draft, scheduled, published, withdrawn, expired); a published item whose version
-- is above its live_version is reported as published-with-newer-draft. review_state tracks the approval of the
-- latest submission. Every save writes a row of portal_item_versions; the item's version is the latest one.
CREATE TABLE portal_items (
  id                    bigserial PRIMARY KEY,
  enterprise_id         text NOT NULL REFERENCES enterprises(id),
  site                  text NOT NULL CHECK (site IN ('portalWebsite', 'portalWebsites')),
  type                  text NOT NULL CHECK (type IN ('article', 'announcement', 'pictureTextPage', 'pictureTextItem',
                          'video', 'industryVideo', 'banner', 'websiteCopy', 'layoutSlot')),
  -- Mirrors of the draft's fields the lists filter and sort by.
  title                 text NOT NULL DEFAULT '',
  column_id             bigint REFERENCES portal_columns(id),
  slot_kind             text,
  sort_order            integer NOT NULL DEFAULT 0,
  status                text NOT NULL DEFAULT 'draft'
                          CHECK (status IN ('draft', 'scheduled', 'published', 'withdrawn', 'expired')),
  review_state          text NOT NULL DEFAULT 'none' CHECK (review_state IN ('none', 'pending', 'rejected')),
  reject_reason         text NOT NULL DEFAULT '',
  process_instance_id   bigint,
  -- The version under review (pending) or last approved.
  submitted_version     integer,
  draft                 jsonb NOT NULL,
  -- The rich-text body rendered and sanitised at save (draft) and at publish (live), so reads never render.
  draft_html            text,
  version               integer NOT NULL DEFAULT 1,
  live                  jsonb,
  live_html             text,
  live_version          integer,
  -- The live copy's column (what the public site lists it under), which may differ from the draft's.
  live_column_id        bigint REFERENCES portal_columns(id),
  go_live_at            timestamptz,
  expire_at             timestamptz,
  published_at          timestamptz,
  deleted               boolean NOT NULL DEFAULT false,
  create_user_id        text NOT NULL,
  create_user_name      text NOT NULL,
  change_user_id        text NOT NULL,
  change_user_name      text NOT NULL,
  create_time           timestamptz NOT NULL DEFAULT now(),
  update_time           timestamptz NOT NULL DEFAULT now(),
  CHECK (expire_at IS NULL OR go_live_at IS NULL OR expire_at > go_live_at)
);
CREATE INDEX portal_items_list_idx ON portal_items (enterprise_id, site, type, update_time DESC, id DESC) WHERE NOT deleted;
CREATE INDEX portal_items_column_idx ON portal_items (column_id) WHERE NOT deleted;
-- The public site: a column's published items, newest first.
CREATE INDEX portal_items_public_idx ON portal_items (enterprise_id, site, live_column_id, published_at DESC, id DESC)
  WHERE status = 'published' AND NOT deleted;
-- The scheduler's two scans.
CREATE INDEX portal_items_due_live_idx ON portal_items (go_live_at) WHERE status = 'scheduled' AND NOT deleted;
CREATE INDEX portal_items_due_expiry_idx ON portal_items (expire_at) WHERE status = 'published' AND expire_at IS NOT NULL AND NOT deleted;
-- One picture-text single page per column, one website copy per site.
CREATE UNIQUE INDEX portal_items_one_page_per_column ON portal_items (enterprise_id, site, column_id)
  WHERE type = 'pictureTextPage' AND NOT deleted;
CREATE UNIQUE INDEX portal_items_one_copy_per_site ON portal_items (enterprise_id, site)
  WHERE type = 'websiteCopy' AND NOT deleted;

CREATE TABLE portal_item_versions (
  item_id          bigint NOT NULL REFERENCES portal_items(id),
  version          integer NOT NULL,
  title            text NOT NULL,
  data             jsonb NOT NULL,
  changed_fields   text[] NOT NULL DEFAULT '{}',
  note             text NOT NULL DEFAULT '',
  user_id          text NOT NULL,
  user_name        text NOT NULL,
  create_time      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (item_id, version)
);

-- What an item's draft or live copy refers to: columns (the column delete guard lists them) and media files
-- (the media library's "where used"). Rewritten with the item at every save and publish.
CREATE TABLE portal_item_refs (
  item_id    bigint NOT NULL REFERENCES portal_items(id),
  ref_kind   text NOT NULL CHECK (ref_kind IN ('column', 'media')),
  ref_id     bigint NOT NULL,
  PRIMARY KEY (item_id, ref_kind, ref_id)
);
CREATE INDEX portal_item_refs_target_idx ON portal_item_refs (ref_kind, ref_id);

-- The enterprise whose published content each site's public API serves (no session there to say whose).
CREATE TABLE portal_site_publishers (
  site            text PRIMARY KEY CHECK (site IN ('portalWebsite', 'portalWebsites')),
  enterprise_id   text NOT NULL REFERENCES enterprises(id)
);
