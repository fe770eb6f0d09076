-- The media library of the portal sites (issue 12): images and videos of one site of one enterprise, in folders.
-- The bytes live in the content-addressed upload store (sha256); an image's WebP variants (a thumbnail and up to
-- three widths, never wider than the original) are stored there too, each under its own sha256. The public site
-- serves a file by its sha256 only when a media row names it (see the public media route).
CREATE TABLE portal_media (
  id                bigserial PRIMARY KEY,
  enterprise_id     text NOT NULL REFERENCES enterprises(id),
  site              text NOT NULL CHECK (site IN ('portalWebsite', 'portalWebsites')),
  kind              text NOT NULL CHECK (kind IN ('image', 'video')),
  -- A folder path within the site's library ('' is the top), e.g. 'news/2026'.
  folder            text NOT NULL DEFAULT '',
  file_name         text NOT NULL,
  alt               text NOT NULL DEFAULT '',
  sha256            text NOT NULL,
  size_bytes        bigint NOT NULL,
  mime_type         text NOT NULL,
  width             integer,
  height            integer,
  -- Images: [{ "width": 320, "sha256": "…", "size": 1234 }, …] narrowest first; the thumbnail separately.
  variants          jsonb NOT NULL DEFAULT '[]',
  thumb_sha256      text,
  deleted           boolean NOT NULL DEFAULT false,
  -- Raised by every edit (name, alt, folder); an edit names the version it started from.
  version           integer NOT NULL DEFAULT 1,
  create_user_id    text NOT NULL,
  create_user_name  text NOT NULL,
  create_time       timestamptz NOT NULL DEFAULT now(),
  update_time       timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'video' OR alt <> '')
);
CREATE INDEX portal_media_library_idx ON portal_media (enterprise_id, site, folder, create_time DESC, id DESC) WHERE NOT deleted;
CREATE INDEX portal_media_sha_idx ON portal_media (sha256);
CREATE INDEX portal_media_thumb_idx ON portal_media (thumb_sha256) WHERE thumb_sha256 IS NOT NULL;
-- The public route's look-up of a variant by its sha256 (variants @> '[{"sha256": …}]').
CREATE INDEX portal_media_variants_idx ON portal_media USING gin (variants jsonb_path_ops);
