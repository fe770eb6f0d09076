-- Stock as it stands now, kept beside the daily movements (migration 0025: stock_rollup), so the stock charts read a
-- few rows per warehouse and category instead of adding up every movement (issue 13: 100 ms at a million goods).
--   * stock_goods: what came in less what went out per enterprise, warehouse and goods (goods_key as in
--     stock_rollup), with the category of the goods (0: the line names no goods). An order without a warehouse id
--     stocks its goods under the name it wrote (warehouse_label; '' when the order names a warehouse id), so two
--     such warehouses never offset each other. `lines` counts the goods lines behind the row; a row whose lines
--     are all gone is deleted.
--   * stock_by_category: per enterprise, warehouse and category, the stock_goods rows' weight and pieces each
--     taken as at least zero (an outbound order recorded without its in-storage order does not make stock
--     negative), and how many stock_goods rows there are (a row with none is deleted).
-- Every change of the goods lines or their orders reaches the three tables through stock_apply in the writing
-- transaction, as signed deltas (x = x + delta, INSERT … ON CONFLICT DO UPDATE) written in key order: concurrent
-- writers queue on the row locks and every delta counts. A line statement is applied once for all its rows
-- (statement-level triggers with transition tables), so a bulk load costs a few set-based statements.

CREATE TABLE stock_goods (
  enterprise_id    text NOT NULL,
  warehouse_key    bigint NOT NULL,
  warehouse_label  text NOT NULL,
  goods_key        text NOT NULL,
  goods_id         bigint,
  category_id      bigint NOT NULL,
  weight           numeric NOT NULL,
  pieces           numeric NOT NULL,
  lines            bigint NOT NULL,
  PRIMARY KEY (enterprise_id, warehouse_key, warehouse_label, goods_key)
);
CREATE INDEX stock_goods_goods_idx ON stock_goods (goods_id) WHERE goods_id IS NOT NULL;

CREATE TABLE stock_by_category (
  enterprise_id    text NOT NULL,
  warehouse_key    bigint NOT NULL,
  warehouse_label  text NOT NULL,
  category_id      bigint NOT NULL,
  weight           numeric NOT NULL,
  pieces           numeric NOT NULL,
  goods            bigint NOT NULL,
  PRIMARY KEY (enterprise_id, warehouse_key, warehouse_label, category_id)
);

-- One movement: a goods line's contribution (outbound lines negative), or its removal (all negated).
CREATE TYPE stock_move AS (
  enterprise_id   text,
  warehouse_id    bigint,
  warehouse_name  text,
  goods_id        bigint,
  goods_name      text,
  day             date,
  weight          numeric,
  pieces          numeric,
  lines           bigint
);

CREATE FUNCTION stock_apply(moves stock_move[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(moves), 0) = 0 THEN
    RETURN;
  END IF;
  -- The daily movements.
  INSERT INTO stock_rollup AS r (enterprise_id, warehouse_key, warehouse_name, goods_key, goods_id, day, weight, pieces, lines)
  SELECT m.enterprise_id, coalesce(m.warehouse_id, 0), m.warehouse_name,
         CASE WHEN m.goods_id IS NULL THEN 'n' || m.goods_name ELSE 'i' || m.goods_id END, m.goods_id, m.day,
         sum(m.weight), sum(m.pieces), sum(m.lines)
  FROM unnest(moves) m
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(m.lines) <> 0 OR sum(m.weight) <> 0 OR sum(m.pieces) <> 0
  ORDER BY 1, 2, 4, 6, 3
  ON CONFLICT (enterprise_id, warehouse_key, goods_key, day, warehouse_name) DO UPDATE
    SET weight = r.weight + EXCLUDED.weight, pieces = r.pieces + EXCLUDED.pieces, lines = r.lines + EXCLUDED.lines;
  DELETE FROM stock_rollup r
  USING (SELECT DISTINCT enterprise_id, coalesce(warehouse_id, 0) AS wkey, warehouse_name,
                CASE WHEN goods_id IS NULL THEN 'n' || goods_name ELSE 'i' || goods_id END AS gkey, day
         FROM unnest(moves)) k
  WHERE r.enterprise_id = k.enterprise_id AND r.warehouse_key = k.wkey AND r.goods_key = k.gkey AND r.day = k.day
    AND r.warehouse_name = k.warehouse_name AND r.lines <= 0;

  -- The goods' category cannot change until this transaction ends (a change of category moves the goods' stock
  -- from one category to the other: stock_goods_recategorised, which takes the goods row first too).
  PERFORM 1 FROM goods WHERE id IN (SELECT goods_id FROM unnest(moves)) ORDER BY id FOR SHARE;

  -- Stock per goods, and its part of the category's stock (each goods' weight and pieces at least zero, before and
  -- after: the category takes the difference).
  WITH d AS (
    SELECT m.enterprise_id, coalesce(m.warehouse_id, 0) AS wkey,
           CASE WHEN m.warehouse_id IS NULL THEN m.warehouse_name ELSE '' END AS wlabel,
           CASE WHEN m.goods_id IS NULL THEN 'n' || m.goods_name ELSE 'i' || m.goods_id END AS gkey, m.goods_id,
           sum(m.weight) AS weight, sum(m.pieces) AS pieces, sum(m.lines) AS lines
    FROM unnest(moves) m
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(m.lines) <> 0 OR sum(m.weight) <> 0 OR sum(m.pieces) <> 0
  ),
  up AS (
    INSERT INTO stock_goods AS s (enterprise_id, warehouse_key, warehouse_label, goods_key, goods_id, category_id, weight, pieces, lines)
    SELECT d.enterprise_id, d.wkey, d.wlabel, d.gkey, d.goods_id, coalesce((SELECT g.category_id FROM goods g WHERE g.id = d.goods_id), 0),
           d.weight, d.pieces, d.lines
    FROM d
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (enterprise_id, warehouse_key, warehouse_label, goods_key) DO UPDATE
      SET weight = s.weight + EXCLUDED.weight, pieces = s.pieces + EXCLUDED.pieces, lines = s.lines + EXCLUDED.lines
    RETURNING s.enterprise_id, s.warehouse_key, s.warehouse_label, s.goods_key, s.category_id, s.weight, s.pieces, s.lines
  )
  INSERT INTO stock_by_category AS c (enterprise_id, warehouse_key, warehouse_label, category_id, weight, pieces, goods)
  SELECT up.enterprise_id, up.warehouse_key, up.warehouse_label, up.category_id,
         sum(greatest(0, up.weight) - greatest(0, up.weight - d.weight)),
         sum(greatest(0, up.pieces) - greatest(0, up.pieces - d.pieces)),
         -- A row that had no lines before is new; one left with none is gone.
         sum((CASE WHEN up.lines - d.lines <= 0 THEN 1 ELSE 0 END) - (CASE WHEN up.lines <= 0 THEN 1 ELSE 0 END))
  FROM up JOIN d ON d.enterprise_id = up.enterprise_id AND d.wkey = up.warehouse_key AND d.wlabel = up.warehouse_label
                AND d.gkey = up.goods_key
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (enterprise_id, warehouse_key, warehouse_label, category_id) DO UPDATE
    SET weight = c.weight + EXCLUDED.weight, pieces = c.pieces + EXCLUDED.pieces, goods = c.goods + EXCLUDED.goods;

  DELETE FROM stock_goods s
  USING (SELECT DISTINCT enterprise_id, coalesce(warehouse_id, 0) AS wkey,
                CASE WHEN warehouse_id IS NULL THEN warehouse_name ELSE '' END AS wlabel,
                CASE WHEN goods_id IS NULL THEN 'n' || goods_name ELSE 'i' || goods_id END AS gkey
         FROM unnest(moves)) k
  WHERE s.enterprise_id = k.enterprise_id AND s.warehouse_key = k.wkey AND s.warehouse_label = k.wlabel AND s.goods_key = k.gkey
    AND s.lines <= 0;
  DELETE FROM stock_by_category c
  USING (SELECT DISTINCT enterprise_id, coalesce(warehouse_id, 0) AS wkey,
                CASE WHEN warehouse_id IS NULL THEN warehouse_name ELSE '' END AS wlabel
         FROM unnest(moves)) k
  WHERE c.enterprise_id = k.enterprise_id AND c.warehouse_key = k.wkey AND c.warehouse_label = k.wlabel AND c.goods <= 0;
END $$;

-- The goods lines of one statement, with their order's enterprise, warehouse and day (a line whose order is gone
-- was taken off with the order, below).
CREATE FUNCTION stock_in_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves stock_move[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(ROW(o.enterprise_id, o.warehouse_id, o.warehouse_name, l.goods_id, l.goods_name, o.in_storage_time,
                         -l.storage_number, -l.weight, -1)::stock_move)
    INTO moves FROM old_lines l JOIN in_storage_orders o ON o.id = l.order_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(moves, '{}') || coalesce(array_agg(ROW(o.enterprise_id, o.warehouse_id, o.warehouse_name, l.goods_id, l.goods_name,
                                                           o.in_storage_time, l.storage_number, l.weight, 1)::stock_move), '{}')
    INTO moves FROM new_lines l JOIN in_storage_orders o ON o.id = l.order_id;
  END IF;
  PERFORM stock_apply(moves);
  RETURN NULL;
END $$;

CREATE FUNCTION stock_out_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves stock_move[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(ROW(o.enterprise_id, o.warehouse_id, o.warehouse_name, l.goods_id, l.goods_name, o.delivery_time,
                         l.delivery_weight_number, l.delivery_number, -1)::stock_move)
    INTO moves FROM old_lines l JOIN outbound_orders o ON o.id = l.order_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(moves, '{}') || coalesce(array_agg(ROW(o.enterprise_id, o.warehouse_id, o.warehouse_name, l.goods_id, l.goods_name,
                                                           o.delivery_time, -l.delivery_weight_number, -l.delivery_number, 1)::stock_move), '{}')
    INTO moves FROM new_lines l JOIN outbound_orders o ON o.id = l.order_id;
  END IF;
  PERFORM stock_apply(moves);
  RETURN NULL;
END $$;

-- An order header: a change of enterprise, warehouse or date moves its lines from the old place to the new one; a
-- deleted order takes its lines off before they go (their own trigger then finds no order and adds nothing).
CREATE OR REPLACE FUNCTION stock_rollup_in_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves stock_move[];
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.enterprise_id = NEW.enterprise_id AND OLD.warehouse_id IS NOT DISTINCT FROM NEW.warehouse_id
     AND OLD.warehouse_name = NEW.warehouse_name AND OLD.in_storage_time = NEW.in_storage_time THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(ROW(OLD.enterprise_id, OLD.warehouse_id, OLD.warehouse_name, l.goods_id, l.goods_name, OLD.in_storage_time,
                       -l.storage_number, -l.weight, -1)::stock_move)
  INTO moves FROM in_storage_order_goods l WHERE l.order_id = OLD.id;
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(moves, '{}') || coalesce(array_agg(ROW(NEW.enterprise_id, NEW.warehouse_id, NEW.warehouse_name, l.goods_id,
                                                           l.goods_name, NEW.in_storage_time, l.storage_number, l.weight, 1)::stock_move), '{}')
    INTO moves FROM in_storage_order_goods l WHERE l.order_id = NEW.id;
  END IF;
  PERFORM stock_apply(moves);
  IF TG_OP = 'DELETE' THEN
    RETURN OLD; -- a BEFORE trigger: the row is deleted
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION stock_rollup_out_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves stock_move[];
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.enterprise_id = NEW.enterprise_id AND OLD.warehouse_id IS NOT DISTINCT FROM NEW.warehouse_id
     AND OLD.warehouse_name = NEW.warehouse_name AND OLD.delivery_time = NEW.delivery_time THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(ROW(OLD.enterprise_id, OLD.warehouse_id, OLD.warehouse_name, l.goods_id, l.goods_name, OLD.delivery_time,
                       l.delivery_weight_number, l.delivery_number, -1)::stock_move)
  INTO moves FROM outbound_order_goods l WHERE l.order_id = OLD.id;
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(moves, '{}') || coalesce(array_agg(ROW(NEW.enterprise_id, NEW.warehouse_id, NEW.warehouse_name, l.goods_id,
                                                           l.goods_name, NEW.delivery_time, -l.delivery_weight_number,
                                                           -l.delivery_number, 1)::stock_move), '{}')
    INTO moves FROM outbound_order_goods l WHERE l.order_id = NEW.id;
  END IF;
  PERFORM stock_apply(moves);
  IF TG_OP = 'DELETE' THEN
    RETURN OLD; -- a BEFORE trigger: the row is deleted
  END IF;
  RETURN NULL;
END $$;

-- Goods moved to another category take their stock along (the movements' own transactions hold the goods row while
-- they write, so this sees every movement committed before it and none can slip in between).
CREATE FUNCTION stock_goods_recategorised() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM stock_goods s JOIN new_goods n ON n.id = s.goods_id JOIN old_goods o ON o.id = n.id
  WHERE o.category_id <> n.category_id
  ORDER BY s.enterprise_id, s.warehouse_key, s.warehouse_label, s.goods_key
  FOR UPDATE OF s;
  WITH moved AS (
    UPDATE stock_goods s SET category_id = n.category_id
    FROM new_goods n JOIN old_goods o ON o.id = n.id
    WHERE s.goods_id = n.id AND o.category_id <> n.category_id
    RETURNING s.enterprise_id, s.warehouse_key, s.warehouse_label, o.category_id AS was, n.category_id AS now,
              greatest(0, s.weight) AS weight, greatest(0, s.pieces) AS pieces
  ),
  delta AS (
    SELECT enterprise_id, warehouse_key, warehouse_label, was AS category_id, -weight AS weight, -pieces AS pieces, -1 AS goods FROM moved
    UNION ALL
    SELECT enterprise_id, warehouse_key, warehouse_label, now, weight, pieces, 1 FROM moved
  )
  INSERT INTO stock_by_category AS c (enterprise_id, warehouse_key, warehouse_label, category_id, weight, pieces, goods)
  SELECT enterprise_id, warehouse_key, warehouse_label, category_id, sum(weight), sum(pieces), sum(goods)
  FROM delta
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (enterprise_id, warehouse_key, warehouse_label, category_id) DO UPDATE
    SET weight = c.weight + EXCLUDED.weight, pieces = c.pieces + EXCLUDED.pieces, goods = c.goods + EXCLUDED.goods;
  DELETE FROM stock_by_category c
  USING old_goods o JOIN new_goods n ON n.id = o.id
  WHERE o.category_id <> n.category_id AND c.category_id = o.category_id AND c.goods <= 0;
  RETURN NULL;
END $$;

DROP TRIGGER in_storage_order_goods_stock_rollup ON in_storage_order_goods;
DROP TRIGGER outbound_order_goods_stock_rollup ON outbound_order_goods;
DROP FUNCTION stock_rollup_in_line();
DROP FUNCTION stock_rollup_out_line();
DROP FUNCTION stock_rollup_add(text, bigint, text, bigint, text, date, numeric, numeric, bigint);

CREATE TRIGGER in_storage_order_goods_stock_insert AFTER INSERT ON in_storage_order_goods
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION stock_in_lines_changed();
CREATE TRIGGER in_storage_order_goods_stock_update AFTER UPDATE ON in_storage_order_goods
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION stock_in_lines_changed();
CREATE TRIGGER in_storage_order_goods_stock_delete AFTER DELETE ON in_storage_order_goods
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION stock_in_lines_changed();
CREATE TRIGGER outbound_order_goods_stock_insert AFTER INSERT ON outbound_order_goods
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION stock_out_lines_changed();
CREATE TRIGGER outbound_order_goods_stock_update AFTER UPDATE ON outbound_order_goods
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION stock_out_lines_changed();
CREATE TRIGGER outbound_order_goods_stock_delete AFTER DELETE ON outbound_order_goods
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION stock_out_lines_changed();
CREATE TRIGGER goods_stock_recategorised AFTER UPDATE ON goods
  REFERENCING OLD TABLE AS old_goods NEW TABLE AS new_goods FOR EACH STATEMENT EXECUTE FUNCTION stock_goods_recategorised();

-- Everything again from the rows (the fill below, and after a TRUNCATE of one of the four tables).
CREATE OR REPLACE FUNCTION stock_rollup_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM stock_rollup;
  DELETE FROM stock_goods;
  DELETE FROM stock_by_category;
  INSERT INTO stock_rollup (enterprise_id, warehouse_key, warehouse_name, goods_key, goods_id, day, weight, pieces, lines)
  SELECT enterprise_id, coalesce(warehouse_id, 0), warehouse_name,
         CASE WHEN goods_id IS NULL THEN 'n' || goods_name ELSE 'i' || goods_id END, goods_id, day,
         sum(w), sum(p), count(*)
  FROM (
    SELECT o.enterprise_id, o.warehouse_id, o.warehouse_name, g.goods_id, g.goods_name, o.in_storage_time AS day,
           g.storage_number AS w, g.weight AS p
    FROM in_storage_orders o JOIN in_storage_order_goods g ON g.order_id = o.id
    UNION ALL
    SELECT o.enterprise_id, o.warehouse_id, o.warehouse_name, g.goods_id, g.goods_name, o.delivery_time,
           -g.delivery_weight_number, -g.delivery_number
    FROM outbound_orders o JOIN outbound_order_goods g ON g.order_id = o.id
  ) m
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO stock_goods (enterprise_id, warehouse_key, warehouse_label, goods_key, goods_id, category_id, weight, pieces, lines)
  SELECT r.enterprise_id, r.warehouse_key, CASE WHEN r.warehouse_key = 0 THEN r.warehouse_name ELSE '' END, r.goods_key, r.goods_id,
         coalesce(g.category_id, 0), sum(r.weight), sum(r.pieces), sum(r.lines)
  FROM stock_rollup r LEFT JOIN goods g ON g.id = r.goods_id
  GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO stock_by_category (enterprise_id, warehouse_key, warehouse_label, category_id, weight, pieces, goods)
  SELECT enterprise_id, warehouse_key, warehouse_label, category_id, sum(greatest(0, weight)), sum(greatest(0, pieces)), count(*)
  FROM stock_goods
  GROUP BY 1, 2, 3, 4;
$$;

SELECT stock_rollup_rebuild();
-- Planner statistics now: the charts' first queries otherwise plan against empty tables.
ANALYZE stock_goods;
ANALYZE stock_by_category;
