-- Uploaded datasets raise the data version (0021) like the business tables, so the data portal caches their
-- aggregates under it too: a dataset stored, edited, refreshed or deleted through any app process makes every
-- process compute its figures afresh.
DO $stamps$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['uploaded_datasets', 'uploaded_dataset_rows'] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED '
      'FOR EACH ROW EXECUTE FUNCTION data_version_bump()',
      t || '_data_version', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump()',
      t || '_data_version_truncate', t);
  END LOOP;
END $stamps$;
