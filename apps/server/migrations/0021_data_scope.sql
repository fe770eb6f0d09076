-- The data portal and the statistics pages (issue 13).
--
-- 1. Data scope. Whose figures a caller sees is decided from the session: a group user sees the member enterprises
--    of their group; the staff of the platform operator's enterprise (is_platform) see every enterprise; anyone
--    else sees their own enterprise.
ALTER TABLE enterprises ADD COLUMN is_platform boolean NOT NULL DEFAULT false;

CREATE TABLE enterprise_groups (
  id    text PRIMARY KEY,
  name  text NOT NULL
);

CREATE TABLE enterprise_group_members (
  group_id       text NOT NULL REFERENCES enterprise_groups(id) ON DELETE CASCADE,
  enterprise_id  text NOT NULL REFERENCES enterprises(id),
  PRIMARY KEY (group_id, enterprise_id)
);
CREATE INDEX enterprise_group_members_enterprise_idx ON enterprise_group_members (enterprise_id);

ALTER TABLE users ADD COLUMN group_id text REFERENCES enterprise_groups(id);

-- 2. The data version. One row whose version rises once per committed transaction that changed a table the figures
--    are computed from. Each app process keys its cached figures by this version, read in one cheap query per
--    request before computing, so a change committed through any process invalidates the figures of every process.
--
--    The bump happens at commit time: a deferred constraint trigger per changed row calls data_version_bump(),
--    which returns at once when this transaction has already bumped (tfb.data_stamped holds its transaction id,
--    set transaction-locally) and otherwise updates the single row. The row is therefore locked only from the
--    commit-time trigger to the commit itself, never across a transaction's statements: writers of one table do
--    not wait for each other's whole transaction, and since each transaction locks one row, last of all, two
--    transactions that touch stamped tables in opposite orders (a contract submit writes contracts then
--    process_instances, an approval the reverse) cannot deadlock on it. Concurrent commits queue on the row for
--    an instant and each adds one (READ COMMITTED re-reads the updated row).
--
--    Why it is right without a shared snapshot: the bump is part of the writer's transaction, so the new version
--    and the new rows become visible together, atomically, at its commit. A reader reads the version v first and
--    computes afterwards in later statements (later snapshots, possibly on another connection); every transaction
--    that produced a version <= v committed before the read, so the computation sees all of its rows. The
--    figures cached under v thus hold at least everything up to v (maybe newer commits too, which is harmless:
--    readers who still see v only get fresher figures); a reader who sees v+1 misses the cache and computes with
--    the rows of v+1. A figure computed before a change is never served after the change became visible.
--    TRUNCATE cannot fire a constraint trigger: a plain statement trigger bumps at once (its table lock is held to
--    the commit anyway).
CREATE TABLE data_version (
  id          boolean PRIMARY KEY DEFAULT true CHECK (id),
  version     bigint NOT NULL DEFAULT 1,
  changed_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO data_version DEFAULT VALUES;

CREATE FUNCTION data_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  xact text := txid_current()::text;
BEGIN
  IF current_setting('tfb.data_stamped', true) IS NOT DISTINCT FROM xact THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('tfb.data_stamped', xact, true);
  UPDATE data_version SET version = version + 1, changed_at = now();
  RETURN NULL;
END $$;

DO $stamps$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'contracts', 'sales_orders', 'purchase_orders', 'loan_applications', 'settlements',
    'in_storage_notices', 'delivery_instructions', 'in_storage_orders', 'in_storage_order_goods',
    'outbound_orders', 'outbound_order_goods', 'goods', 'goods_categories', 'company_risks', 'process_instances',
    'warehouses', 'enterprises', 'enterprise_groups', 'enterprise_group_members', 'users'
  ] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED '
      'FOR EACH ROW EXECUTE FUNCTION data_version_bump()',
      t || '_data_version', t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump()',
      t || '_data_version_truncate', t);
  END LOOP;
END $stamps$;

-- 3. The business dates the figures are grouped and filtered by.
CREATE INDEX contracts_sign_date_idx ON contracts (enterprise_id, sign_date);
CREATE INDEX settlements_settle_date_idx ON settlements (enterprise_id, settle_date);
CREATE INDEX in_storage_orders_time_idx ON in_storage_orders (enterprise_id, in_storage_time);
CREATE INDEX outbound_orders_time_idx ON outbound_orders (enterprise_id, delivery_time);
CREATE INDEX company_risks_date_idx ON company_risks (enterprise_id, warn_date);
CREATE INDEX process_instances_created_idx ON process_instances (enterprise_id, created_at);
