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

-- 2. Change stamps. Every statement that changes a table the figures are computed from raises that table's version
--    (statement-level triggers, in the writer's transaction: a reader sees the new version exactly when it sees the
--    new rows). Each app process keys its cached figures by the versions of the tables behind them, read in one
--    query per request, so a change made through any process invalidates the figures of every process at once.
--    The stamp row is locked from the writing statement to its commit: writers of one table commit one at a time,
--    which the business writes (short transactions) do not notice.
CREATE TABLE data_change_stamps (
  table_name  text PRIMARY KEY,
  version     bigint NOT NULL DEFAULT 1,
  changed_at  timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION data_change_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_change_stamps SET version = version + 1, changed_at = now() WHERE table_name = TG_TABLE_NAME;
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
    INSERT INTO data_change_stamps (table_name) VALUES (t);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_change_bump()',
      t || '_data_change', t);
  END LOOP;
END $stamps$;

-- 3. The business dates the figures are grouped and filtered by.
CREATE INDEX contracts_sign_date_idx ON contracts (enterprise_id, sign_date);
CREATE INDEX settlements_settle_date_idx ON settlements (enterprise_id, settle_date);
CREATE INDEX in_storage_orders_time_idx ON in_storage_orders (enterprise_id, in_storage_time);
CREATE INDEX outbound_orders_time_idx ON outbound_orders (enterprise_id, delivery_time);
CREATE INDEX company_risks_date_idx ON company_risks (enterprise_id, warn_date);
CREATE INDEX process_instances_created_idx ON process_instances (enterprise_id, created_at);
