-- Exact lists at a million rows. The goods picker and the warehouse lists counted their whole filter on every
-- request and the category filter walked the tree per row; this adds what lets them read only a page's worth:
--   * goods_category_tree: the closure of the category tree (every ancestor/descendant pair, self included), so a
--     subtree is one index range instead of a recursive walk; goods_category_versions, so the category list (the
--     picker's tree) is read once per change, not per request;
--   * goods_enterprise_counts, goods_category_counts, goods_facets: goods per enterprise, per (enterprise, category)
--     and per (enterprise, category, name, specification), the latter two with an upper bound of their ids, kept by
--     statement triggers. A count is one row or a sum over the categories of a subtree, a name/specification search
--     is matched against the distinct facets, and a filtered page is read category by category, newest category
--     first, stopping once no other category can hold a newer row;
--   * goods_number_chars: how often each character occurs in the enterprise's (lower-cased) goods numbers, so a
--     search holding a character no number has (any Chinese one, in practice) skips the goods-number half;
--   * a trigram index on goods_number for the remaining goods-number searches (pg_trgm, where available);
--   * in_storage_notice_counts, delivery_instruction_counts: rows per equality filter of the warehouse lists;
--   * indexes for the date filters of the warehouse lists.
-- The trigger-kept tables are derived data: they are filled here from the existing rows.

-- ---------------------------------------------------------------------------------------------------------------
-- Category closure

CREATE TABLE goods_category_tree (
  ancestor_id    bigint NOT NULL REFERENCES goods_categories(id) ON DELETE CASCADE,
  descendant_id  bigint NOT NULL REFERENCES goods_categories(id) ON DELETE CASCADE,
  depth          integer NOT NULL,
  PRIMARY KEY (ancestor_id, descendant_id)
);
CREATE INDEX goods_category_tree_descendant_idx ON goods_category_tree (descendant_id);

-- New categories: each gets itself and every ancestor, walking up parent_id (so the order of the rows within one
-- INSERT does not matter).
CREATE FUNCTION goods_category_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE up(descendant_id, ancestor_id, depth) AS (
    SELECT id, id, 0 FROM new_rows
    UNION ALL
    SELECT up.descendant_id, c.parent_id, up.depth + 1
    FROM up JOIN goods_categories c ON c.id = up.ancestor_id
    WHERE c.parent_id IS NOT NULL AND up.depth < 1000
  )
  INSERT INTO goods_category_tree (ancestor_id, descendant_id, depth)
  SELECT ancestor_id, descendant_id, depth FROM up;
  RETURN NULL;
END $$;
CREATE TRIGGER goods_category_tree_insert AFTER INSERT ON goods_categories
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_category_tree_insert();

-- A category moved under another parent takes its subtree along; a move under its own subtree is refused.
CREATE FUNCTION goods_category_tree_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM goods_category_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.parent_id
  ) THEN
    RAISE EXCEPTION 'goods category % cannot be moved under its own subtree', NEW.id USING ERRCODE = 'check_violation';
  END IF;
  DELETE FROM goods_category_tree t
  WHERE t.descendant_id IN (SELECT descendant_id FROM goods_category_tree WHERE ancestor_id = NEW.id)
    AND t.ancestor_id IN (SELECT ancestor_id FROM goods_category_tree WHERE descendant_id = NEW.id AND ancestor_id <> NEW.id);
  INSERT INTO goods_category_tree (ancestor_id, descendant_id, depth)
  SELECT a.ancestor_id, d.descendant_id, a.depth + d.depth + 1
  FROM goods_category_tree a CROSS JOIN goods_category_tree d
  WHERE a.descendant_id = NEW.parent_id AND d.ancestor_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER goods_category_tree_move AFTER UPDATE OF parent_id ON goods_categories
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id) EXECUTE FUNCTION goods_category_tree_move();

WITH RECURSIVE up(descendant_id, ancestor_id, depth) AS (
  SELECT id, id, 0 FROM goods_categories
  UNION ALL
  SELECT up.descendant_id, c.parent_id, up.depth + 1
  FROM up JOIN goods_categories c ON c.id = up.ancestor_id
  WHERE c.parent_id IS NOT NULL AND up.depth < 1000
)
INSERT INTO goods_category_tree (ancestor_id, descendant_id, depth)
SELECT ancestor_id, descendant_id, depth FROM up;

-- A version of the whole category table, raised by every statement that changes it: an app process keeps the
-- category lists it has read (several thousand rows each) until the version moves.
CREATE TABLE goods_category_versions (
  id       boolean PRIMARY KEY DEFAULT true CHECK (id),
  version  bigint NOT NULL
);
INSERT INTO goods_category_versions (id, version) VALUES (true, 1);

CREATE FUNCTION goods_category_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE goods_category_versions SET version = version + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER goods_category_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON goods_categories
  FOR EACH STATEMENT EXECUTE FUNCTION goods_category_version_bump();

-- ---------------------------------------------------------------------------------------------------------------
-- Goods counts

CREATE TABLE goods_enterprise_counts (
  enterprise_id  text PRIMARY KEY,
  n              bigint NOT NULL
);

-- max_id is an upper bound of the ids counted (raised on insert, left as is on delete).
CREATE TABLE goods_category_counts (
  enterprise_id  text NOT NULL,
  category_id    bigint NOT NULL,
  n              bigint NOT NULL,
  max_id         bigint NOT NULL,
  PRIMARY KEY (enterprise_id, category_id)
);

CREATE TABLE goods_facets (
  enterprise_id         text NOT NULL,
  category_id           bigint NOT NULL,
  goods_name            text NOT NULL,
  specification_models  text NOT NULL,
  n                     bigint NOT NULL,
  max_id                bigint NOT NULL
);
-- Hashed: the texts have no length limit in the table, an index entry has.
CREATE UNIQUE INDEX goods_facets_key ON goods_facets (enterprise_id, category_id, md5(goods_name), md5(specification_models));

-- n: occurrences of the character in lower(goods_number) over the enterprise's goods (0 rows are removed).
CREATE TABLE goods_number_chars (
  enterprise_id  text NOT NULL,
  ch             text NOT NULL,
  n              bigint NOT NULL,
  PRIMARY KEY (enterprise_id, ch)
);

-- One statement's change: its new rows count +1, its old rows -1 (an UPDATE has both, and an unchanged row
-- cancels out). Counter rows are written in key order, so concurrent writers cannot deadlock on them.
CREATE FUNCTION goods_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS s FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS s FROM old_rows'
    ELSE 'SELECT *, 1 AS s FROM new_rows UNION ALL SELECT *, -1 AS s FROM old_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO goods_enterprise_counts AS t (enterprise_id, n)
    SELECT enterprise_id, sum(s) FROM (%s) d
    GROUP BY enterprise_id HAVING sum(s) <> 0
    ORDER BY enterprise_id
    ON CONFLICT (enterprise_id) DO UPDATE SET n = t.n + excluded.n
  $q$, src);
  EXECUTE format($q$
    INSERT INTO goods_category_counts AS t (enterprise_id, category_id, n, max_id)
    SELECT enterprise_id, category_id, sum(s), coalesce(max(id) FILTER (WHERE s > 0), 0)
    FROM (%s) d
    GROUP BY enterprise_id, category_id
    HAVING sum(s) <> 0 OR max(id) FILTER (WHERE s > 0) IS DISTINCT FROM max(id) FILTER (WHERE s < 0)
    ORDER BY enterprise_id, category_id
    ON CONFLICT (enterprise_id, category_id) DO UPDATE SET n = t.n + excluded.n, max_id = greatest(t.max_id, excluded.max_id)
  $q$, src);
  EXECUTE format($q$
    INSERT INTO goods_facets AS t (enterprise_id, category_id, goods_name, specification_models, n, max_id)
    SELECT enterprise_id, category_id, goods_name, specification_models, sum(s), coalesce(max(id) FILTER (WHERE s > 0), 0)
    FROM (%s) d
    GROUP BY enterprise_id, category_id, goods_name, specification_models
    HAVING sum(s) <> 0 OR max(id) FILTER (WHERE s > 0) IS DISTINCT FROM max(id) FILTER (WHERE s < 0)
    ORDER BY enterprise_id, category_id, md5(goods_name), md5(specification_models)
    ON CONFLICT (enterprise_id, category_id, md5(goods_name), md5(specification_models))
    DO UPDATE SET n = t.n + excluded.n, max_id = greatest(t.max_id, excluded.max_id)
  $q$, src);
  EXECUTE format($q$
    INSERT INTO goods_number_chars AS t (enterprise_id, ch, n)
    SELECT d.enterprise_id, c.ch, sum(d.s)
    FROM (%s) d CROSS JOIN LATERAL unnest(string_to_array(lower(d.goods_number), NULL)) AS c(ch)
    GROUP BY d.enterprise_id, c.ch
    HAVING sum(d.s) <> 0
    ORDER BY d.enterprise_id, c.ch
    ON CONFLICT (enterprise_id, ch) DO UPDATE SET n = t.n + excluded.n
  $q$, src);
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM goods_enterprise_counts t WHERE t.n = 0 AND t.enterprise_id IN (SELECT enterprise_id FROM old_rows);
    DELETE FROM goods_category_counts t USING old_rows o
    WHERE t.enterprise_id = o.enterprise_id AND t.category_id = o.category_id AND t.n = 0;
    DELETE FROM goods_facets t USING old_rows o
    WHERE t.enterprise_id = o.enterprise_id AND t.category_id = o.category_id
      AND md5(t.goods_name) = md5(o.goods_name) AND md5(t.specification_models) = md5(o.specification_models) AND t.n = 0;
    DELETE FROM goods_number_chars t WHERE t.n = 0 AND t.enterprise_id IN (SELECT enterprise_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER goods_counts_insert AFTER INSERT ON goods
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_counts_apply();
CREATE TRIGGER goods_counts_update AFTER UPDATE ON goods
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_counts_apply();
CREATE TRIGGER goods_counts_delete AFTER DELETE ON goods
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_counts_apply();

CREATE FUNCTION goods_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM goods_enterprise_counts;
  DELETE FROM goods_category_counts;
  DELETE FROM goods_facets;
  DELETE FROM goods_number_chars;
  RETURN NULL;
END $$;
CREATE TRIGGER goods_counts_truncate AFTER TRUNCATE ON goods FOR EACH STATEMENT EXECUTE FUNCTION goods_counts_truncate();

-- Fills (or, after a bulk load with the triggers off, refills) the goods counts from the goods table.
CREATE FUNCTION goods_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM goods_enterprise_counts;
  DELETE FROM goods_category_counts;
  DELETE FROM goods_facets;
  DELETE FROM goods_number_chars;
  INSERT INTO goods_enterprise_counts (enterprise_id, n)
  SELECT enterprise_id, count(*) FROM goods GROUP BY enterprise_id;
  INSERT INTO goods_category_counts (enterprise_id, category_id, n, max_id)
  SELECT enterprise_id, category_id, count(*), max(id) FROM goods GROUP BY enterprise_id, category_id;
  INSERT INTO goods_facets (enterprise_id, category_id, goods_name, specification_models, n, max_id)
  SELECT enterprise_id, category_id, goods_name, specification_models, count(*), max(id)
  FROM goods GROUP BY enterprise_id, category_id, goods_name, specification_models;
  INSERT INTO goods_number_chars (enterprise_id, ch, n)
  SELECT g.enterprise_id, c.ch, count(*)
  FROM goods g CROSS JOIN LATERAL unnest(string_to_array(lower(g.goods_number), NULL)) AS c(ch)
  GROUP BY g.enterprise_id, c.ch;
END $$;
SELECT goods_counts_rebuild();

-- ---------------------------------------------------------------------------------------------------------------
-- Goods-number search: a trigram index, where the server has pg_trgm (PGlite is opened with it). Without it the
-- same query still runs, scanning.

DO $trgm$
DECLARE
  schema_name text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm is available but this role may not create it: goods-number search stays unindexed';
    END;
  END IF;
  SELECT n.nspname INTO schema_name
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF schema_name IS NOT NULL THEN
    EXECUTE format('CREATE INDEX goods_number_trgm_idx ON goods USING gin (goods_number %I.gin_trgm_ops)', schema_name);
  END IF;
END $trgm$;

-- ---------------------------------------------------------------------------------------------------------------
-- Warehouse list counts, per combination of the lists' equality filters

CREATE TABLE in_storage_notice_counts (
  enterprise_id  text NOT NULL,
  is_create      smallint NOT NULL,
  warehouse_id   bigint,
  n              bigint NOT NULL,
  UNIQUE NULLS NOT DISTINCT (enterprise_id, is_create, warehouse_id)
);

CREATE TABLE delivery_instruction_counts (
  enterprise_id  text NOT NULL,
  is_create      smallint NOT NULL,
  warehouse_id   bigint,
  supervise_id   text,
  data_sources   text NOT NULL,
  n              bigint NOT NULL,
  UNIQUE NULLS NOT DISTINCT (enterprise_id, is_create, warehouse_id, supervise_id, data_sources)
);

CREATE FUNCTION in_storage_notice_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT enterprise_id, is_create, warehouse_id, 1 AS s FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT enterprise_id, is_create, warehouse_id, -1 AS s FROM old_rows'
    ELSE 'SELECT enterprise_id, is_create, warehouse_id, 1 AS s FROM new_rows
          UNION ALL SELECT enterprise_id, is_create, warehouse_id, -1 AS s FROM old_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO in_storage_notice_counts AS t (enterprise_id, is_create, warehouse_id, n)
    SELECT enterprise_id, is_create, warehouse_id, sum(s) FROM (%s) d
    GROUP BY enterprise_id, is_create, warehouse_id HAVING sum(s) <> 0
    ORDER BY enterprise_id, is_create, warehouse_id
    ON CONFLICT (enterprise_id, is_create, warehouse_id) DO UPDATE SET n = t.n + excluded.n
  $q$, src);
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM in_storage_notice_counts WHERE n = 0;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER in_storage_notice_counts_insert AFTER INSERT ON in_storage_notices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION in_storage_notice_counts_apply();
CREATE TRIGGER in_storage_notice_counts_update AFTER UPDATE ON in_storage_notices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION in_storage_notice_counts_apply();
CREATE TRIGGER in_storage_notice_counts_delete AFTER DELETE ON in_storage_notices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION in_storage_notice_counts_apply();

CREATE FUNCTION delivery_instruction_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'enterprise_id, is_create, warehouse_id, supervise_id, data_sources';
  src text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS s FROM new_rows', cols)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS s FROM old_rows', cols)
    ELSE format('SELECT %1$s, 1 AS s FROM new_rows UNION ALL SELECT %1$s, -1 AS s FROM old_rows', cols) END;
BEGIN
  EXECUTE format($q$
    INSERT INTO delivery_instruction_counts AS t (%1$s, n)
    SELECT %1$s, sum(s) FROM (%2$s) d
    GROUP BY %1$s HAVING sum(s) <> 0
    ORDER BY %1$s
    ON CONFLICT (%1$s) DO UPDATE SET n = t.n + excluded.n
  $q$, cols, src);
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM delivery_instruction_counts WHERE n = 0;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER delivery_instruction_counts_insert AFTER INSERT ON delivery_instructions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_instruction_counts_apply();
CREATE TRIGGER delivery_instruction_counts_update AFTER UPDATE ON delivery_instructions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_instruction_counts_apply();
CREATE TRIGGER delivery_instruction_counts_delete AFTER DELETE ON delivery_instructions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_instruction_counts_apply();

CREATE FUNCTION warehouse_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'in_storage_notices' THEN
    DELETE FROM in_storage_notice_counts;
  ELSE
    DELETE FROM delivery_instruction_counts;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER in_storage_notice_counts_truncate AFTER TRUNCATE ON in_storage_notices
  FOR EACH STATEMENT EXECUTE FUNCTION warehouse_counts_truncate();
CREATE TRIGGER delivery_instruction_counts_truncate AFTER TRUNCATE ON delivery_instructions
  FOR EACH STATEMENT EXECUTE FUNCTION warehouse_counts_truncate();

INSERT INTO in_storage_notice_counts (enterprise_id, is_create, warehouse_id, n)
SELECT enterprise_id, is_create, warehouse_id, count(*) FROM in_storage_notices GROUP BY 1, 2, 3;
INSERT INTO delivery_instruction_counts (enterprise_id, is_create, warehouse_id, supervise_id, data_sources, n)
SELECT enterprise_id, is_create, warehouse_id, supervise_id, data_sources, count(*) FROM delivery_instructions GROUP BY 1, 2, 3, 4, 5;

-- The date filters of the warehouse lists, newest first within a day.
CREATE INDEX in_storage_notices_collection_idx ON in_storage_notices (enterprise_id, is_create, collection_time, id DESC);
CREATE INDEX delivery_instructions_plan_idx ON delivery_instructions (enterprise_id, is_create, plan_delivery_time, id DESC);

ANALYZE goods_category_tree;
ANALYZE goods_enterprise_counts;
ANALYZE goods_category_counts;
ANALYZE goods_facets;
ANALYZE goods_number_chars;
ANALYZE in_storage_notice_counts;
ANALYZE delivery_instruction_counts;
