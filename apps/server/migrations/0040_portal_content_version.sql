-- The public site's content version: one number every write to what the public side shows raises, as the data
-- version (0021) is raised by the business tables. The public side read a version of each site on every request
-- by aggregating over all of its items and media files (a count, the sum of their write times and a digest of the
-- ids shown now), a cost that grew with the content; it now reads this row and the site's publisher.
--
-- Raised at commit by a deferred constraint trigger per changed row, once per transaction, exactly as
-- data_version_bump() does (see 0021 for why that is right without a shared snapshot and cannot deadlock); a
-- TRUNCATE raises it at once. Writes to any table the public replies are built from raise it: items (their live
-- copies, status, expiry and go-live), columns and the column tree, media files, and the site's publisher.
--
-- What changes with time and no write — an expiry or a banner's go-live passing — is not in this number: the app
-- reads the site's published expiry and go-live instants once per version and counts those passed (portal-public).
CREATE TABLE portal_content_version (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  version     bigint NOT NULL DEFAULT 1,
  changed_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO portal_content_version DEFAULT VALUES;

CREATE FUNCTION portal_content_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  xact text := txid_current()::text;
BEGIN
  IF current_setting('tfb.portal_stamped', true) IS NOT DISTINCT FROM xact THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('tfb.portal_stamped', xact, true);
  UPDATE portal_content_version SET version = version + 1, changed_at = now();
  RETURN NULL;
END $$;

DO $stamps$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['portal_items', 'portal_columns', 'portal_column_trees', 'portal_media', 'portal_site_publishers'] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED '
      'FOR EACH ROW EXECUTE FUNCTION portal_content_version_bump()',
      t || '_portal_version', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION portal_content_version_bump()',
      t || '_portal_version_truncate', t);
  END LOOP;
END $stamps$;
