-- The warehouse flow per day and side, and the stock per category as it moved day by day, kept beside the stock
-- tables of migration 0033 by the same writes (stock_apply), so the flow chart and the stock as of an earlier day read
-- a few rows per warehouse and day instead of every goods line (issue 13: 100 ms at a million goods).
--   * flow_rollup: what came in and what went out (each side apart, as positive amounts) per enterprise, warehouse
--     (id, 0 when none, and the name the order wrote), day and direction ('in', 'out'); `lines` counts the goods lines
--     behind the row, a row whose lines are all gone is deleted. The documents counted by the flow's `count` are not
--     kept (an order with lines on several rows would count on each): that measure reads the lines.
--   * stock_category_days: per enterprise, warehouse (as stock_goods and stock_by_category key it), category and day,
--     how much that day's movements changed the category's stock: for each goods, its stock up to the day taken as at
--     least zero, less the same up to the day before, and 1 on the goods' first day (its first line). Added up to a
--     day, the rows give the category's stock as of that day with every goods kept from going below zero and the goods
--     with a line by then, exactly as adding up the goods' movements would; added up over every day, they give
--     stock_by_category. Rows whose changes all cancel are deleted.
-- A movement dated before others of the same goods changes the goods' stock on every later day, so its part is worked
-- out again from the goods' daily movements (stock_rollup) from the movement's day on: as they stand after the
-- statement, and as they stood before it (the same rows less the statement's movements), the category taking the
-- difference. The goods' stock_goods rows are locked first: every writer of a goods works it out in turn, each
-- seeing what those before it committed.

-- The movements now say which side they come from (the flow keeps the sides apart).
ALTER TYPE stock_move ADD ATTRIBUTE direction text;

CREATE TABLE flow_rollup (
  enterprise_id   text NOT NULL,
  warehouse_key   bigint NOT NULL,
  warehouse_name  text NOT NULL,
  day             date NOT NULL,
  direction       text NOT NULL,
  weight          numeric NOT NULL,
  pieces          numeric NOT NULL,
  lines           bigint NOT NULL,
  PRIMARY KEY (enterprise_id, warehouse_key, day, direction, warehouse_name)
);

CREATE TABLE stock_category_days (
  enterprise_id    text NOT NULL,
  warehouse_key    bigint NOT NULL,
  warehouse_label  text NOT NULL,
  category_id      bigint NOT NULL,
  day              date NOT NULL,
  weight           numeric NOT NULL,
  pieces           numeric NOT NULL,
  goods            bigint NOT NULL,
  PRIMARY KEY (enterprise_id, warehouse_key, warehouse_label, category_id, day)
);
CREATE INDEX stock_category_days_day_idx ON stock_category_days (day);

-- Each goods' part of its category's stock day by day (stock_category_days), from the first day `moves` has for it
-- on: with its daily movements as they stand, or (earlier) less `moves`, as they stood before them. A move dated
-- -infinity with nothing in it asks for the goods' whole history.
CREATE FUNCTION stock_goods_part(moves stock_move[], earlier boolean)
RETURNS TABLE (enterprise_id text, warehouse_key bigint, warehouse_label text, goods_key text, category_id bigint, day date,
               weight numeric, pieces numeric, goods bigint)
LANGUAGE sql STABLE AS $$
  WITH mv AS (
    SELECT m.enterprise_id, coalesce(m.warehouse_id, 0) AS wkey,
           CASE WHEN m.warehouse_id IS NULL THEN m.warehouse_name ELSE '' END AS wlabel,
           CASE WHEN m.goods_id IS NULL THEN 'n' || m.goods_name ELSE 'i' || m.goods_id END AS gkey, m.day,
           sum(m.weight) AS weight, sum(m.pieces) AS pieces, sum(m.lines) AS lines
    FROM unnest(moves) m
    GROUP BY 1, 2, 3, 4, 5
  ),
  -- The goods, from which day on, and how much the totals of stock_goods are to be taken off.
  gs AS (
    SELECT mv.enterprise_id, mv.wkey, mv.wlabel, mv.gkey, min(mv.day) AS since,
           CASE WHEN earlier THEN sum(mv.weight) ELSE 0 END AS weight, CASE WHEN earlier THEN sum(mv.pieces) ELSE 0 END AS pieces,
           CASE WHEN earlier THEN sum(mv.lines) ELSE 0 END AS lines
    FROM mv
    GROUP BY 1, 2, 3, 4
  ),
  kept AS (
    SELECT gs.enterprise_id, gs.wkey, gs.wlabel, gs.gkey, r.day, sum(r.weight) AS weight, sum(r.pieces) AS pieces, sum(r.lines) AS lines
    FROM gs JOIN stock_rollup r ON r.enterprise_id = gs.enterprise_id AND r.warehouse_key = gs.wkey AND r.goods_key = gs.gkey
                               AND r.day >= gs.since AND (gs.wkey <> 0 OR r.warehouse_name = gs.wlabel)
    GROUP BY 1, 2, 3, 4, 5
  ),
  taken AS (SELECT * FROM mv WHERE earlier),
  d AS (
    SELECT coalesce(k.enterprise_id, t.enterprise_id) AS enterprise_id, coalesce(k.wkey, t.wkey) AS wkey,
           coalesce(k.wlabel, t.wlabel) AS wlabel, coalesce(k.gkey, t.gkey) AS gkey, coalesce(k.day, t.day) AS day,
           coalesce(k.weight, 0) - coalesce(t.weight, 0) AS weight, coalesce(k.pieces, 0) - coalesce(t.pieces, 0) AS pieces,
           coalesce(k.lines, 0) - coalesce(t.lines, 0) AS lines
    FROM kept k FULL JOIN taken t ON t.enterprise_id = k.enterprise_id AND t.wkey = k.wkey AND t.wlabel = k.wlabel
                                 AND t.gkey = k.gkey AND t.day = k.day
  ),
  -- What the day and the days after it hold (the stock up to the day before is the total less this).
  s AS (
    SELECT d.*, sum(d.weight) OVER w AS w_on, sum(d.pieces) OVER w AS p_on, sum(d.lines) OVER w AS l_on
    FROM d
    WINDOW w AS (PARTITION BY d.enterprise_id, d.wkey, d.wlabel, d.gkey ORDER BY d.day DESC)
  )
  SELECT s.enterprise_id, s.wkey, s.wlabel, s.gkey, t.category_id, s.day,
         greatest(0, t.weight - gs.weight - s.w_on + s.weight) - greatest(0, t.weight - gs.weight - s.w_on),
         greatest(0, t.pieces - gs.pieces - s.p_on + s.pieces) - greatest(0, t.pieces - gs.pieces - s.p_on),
         (CASE WHEN t.lines - gs.lines - s.l_on + s.lines > 0 THEN 1 ELSE 0 END)
           - (CASE WHEN t.lines - gs.lines - s.l_on > 0 THEN 1 ELSE 0 END)
  FROM s
  JOIN gs ON gs.enterprise_id = s.enterprise_id AND gs.wkey = s.wkey AND gs.wlabel = s.wlabel AND gs.gkey = s.gkey
  JOIN stock_goods t ON t.enterprise_id = s.enterprise_id AND t.warehouse_key = s.wkey AND t.warehouse_label = s.wlabel
                    AND t.goods_key = s.gkey
$$;

-- Adds signed changes to stock_category_days in key order; rows left with no change at all are deleted.
CREATE FUNCTION stock_category_days_add(parts stock_category_days[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(parts), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO stock_category_days AS c (enterprise_id, warehouse_key, warehouse_label, category_id, day, weight, pieces, goods)
  SELECT p.enterprise_id, p.warehouse_key, p.warehouse_label, p.category_id, p.day, sum(p.weight), sum(p.pieces), sum(p.goods)
  FROM unnest(parts) p
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(p.weight) <> 0 OR sum(p.pieces) <> 0 OR sum(p.goods) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (enterprise_id, warehouse_key, warehouse_label, category_id, day) DO UPDATE
    SET weight = c.weight + EXCLUDED.weight, pieces = c.pieces + EXCLUDED.pieces, goods = c.goods + EXCLUDED.goods;
  DELETE FROM stock_category_days c
  USING (SELECT DISTINCT enterprise_id, warehouse_key, warehouse_label, category_id, day FROM unnest(parts)) k
  WHERE c.enterprise_id = k.enterprise_id AND c.warehouse_key = k.warehouse_key AND c.warehouse_label = k.warehouse_label
    AND c.category_id = k.category_id AND c.day = k.day AND c.weight = 0 AND c.pieces = 0 AND c.goods = 0;
END $$;

CREATE OR REPLACE FUNCTION stock_apply(moves stock_move[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  parts stock_category_days[];
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

  -- The flow per side (outbound movements are negative: the flow counts them as they went out).
  INSERT INTO flow_rollup AS f (enterprise_id, warehouse_key, warehouse_name, day, direction, weight, pieces, lines)
  SELECT m.enterprise_id, coalesce(m.warehouse_id, 0), m.warehouse_name, m.day, m.direction,
         sum(CASE WHEN m.direction = 'out' THEN -m.weight ELSE m.weight END),
         sum(CASE WHEN m.direction = 'out' THEN -m.pieces ELSE m.pieces END), sum(m.lines)
  FROM unnest(moves) m
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(m.lines) <> 0 OR sum(m.weight) <> 0 OR sum(m.pieces) <> 0
  ORDER BY 1, 2, 4, 5, 3
  ON CONFLICT (enterprise_id, warehouse_key, day, direction, warehouse_name) DO UPDATE
    SET weight = f.weight + EXCLUDED.weight, pieces = f.pieces + EXCLUDED.pieces, lines = f.lines + EXCLUDED.lines;
  DELETE FROM flow_rollup f
  USING (SELECT DISTINCT enterprise_id, coalesce(warehouse_id, 0) AS wkey, warehouse_name, day, direction FROM unnest(moves)) k
  WHERE f.enterprise_id = k.enterprise_id AND f.warehouse_key = k.wkey AND f.day = k.day AND f.direction = k.direction
    AND f.warehouse_name = k.warehouse_name AND f.lines <= 0;

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

  -- The category's stock day by day: the goods are held (also those whose total the movements left unchanged, e.g. an
  -- order moved to another day), then their part worked out after and before the movements.
  PERFORM 1 FROM stock_goods s
  JOIN (SELECT DISTINCT enterprise_id, coalesce(warehouse_id, 0) AS wkey,
               CASE WHEN warehouse_id IS NULL THEN warehouse_name ELSE '' END AS wlabel,
               CASE WHEN goods_id IS NULL THEN 'n' || goods_name ELSE 'i' || goods_id END AS gkey
        FROM unnest(moves)) k
    ON s.enterprise_id = k.enterprise_id AND s.warehouse_key = k.wkey AND s.warehouse_label = k.wlabel AND s.goods_key = k.gkey
  ORDER BY s.enterprise_id, s.warehouse_key, s.warehouse_label, s.goods_key
  FOR UPDATE OF s;
  SELECT array_agg(ROW(p.enterprise_id, p.warehouse_key, p.warehouse_label, p.category_id, p.day, p.weight, p.pieces, p.goods)::stock_category_days)
  INTO parts
  FROM (
    SELECT n.enterprise_id, n.warehouse_key, n.warehouse_label, n.category_id, n.day, n.weight, n.pieces, n.goods
    FROM stock_goods_part(moves, false) n
    UNION ALL
    SELECT b.enterprise_id, b.warehouse_key, b.warehouse_label, b.category_id, b.day, -b.weight, -b.pieces, -b.goods
    FROM stock_goods_part(moves, true) b
  ) p;
  PERFORM stock_category_days_add(parts);

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

-- The line and order triggers of migration 0033, their movements now naming their side.
CREATE OR REPLACE FUNCTION stock_in_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves stock_move[];
BEGIN
  -- The orders are held while their lines are read with them: an order moved to another day or warehouse at the
  -- same time moves the lines it sees and these lines follow it once it is done, none left behind.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM 1 FROM in_storage_orders WHERE id IN (SELECT order_id FROM old_lines) ORDER BY id FOR SHARE;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM 1 FROM in_storage_orders WHERE id IN (SELECT order_id FROM new_lines) ORDER BY id FOR SHARE;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(ROW(o.enterprise_id, o.warehouse_id, o.warehouse_name, l.goods_id, l.goods_name, o.in_storage_time,
                         -l.storage_number, -l.weight, -1, 'in')::stock_move)
    INTO moves FROM old_lines l JOIN in_storage_orders o ON o.id = l.order_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(moves, '{}') || coalesce(array_agg(ROW(o.enterprise_id, o.warehouse_id, o.warehouse_name, l.goods_id, l.goods_name,
                                                           o.in_storage_time, l.storage_number, l.weight, 1, 'in')::stock_move), '{}')
    INTO moves FROM new_lines l JOIN in_storage_orders o ON o.id = l.order_id;
  END IF;
  PERFORM stock_apply(moves);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION stock_out_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves stock_move[];
BEGIN
  -- The orders are held while their lines are read with them: an order moved to another day or warehouse at the
  -- same time moves the lines it sees and these lines follow it once it is done, none left behind.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM 1 FROM outbound_orders WHERE id IN (SELECT order_id FROM old_lines) ORDER BY id FOR SHARE;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM 1 FROM outbound_orders WHERE id IN (SELECT order_id FROM new_lines) ORDER BY id FOR SHARE;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(ROW(o.enterprise_id, o.warehouse_id, o.warehouse_name, l.goods_id, l.goods_name, o.delivery_time,
                         l.delivery_weight_number, l.delivery_number, -1, 'out')::stock_move)
    INTO moves FROM old_lines l JOIN outbound_orders o ON o.id = l.order_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(moves, '{}') || coalesce(array_agg(ROW(o.enterprise_id, o.warehouse_id, o.warehouse_name, l.goods_id, l.goods_name,
                                                           o.delivery_time, -l.delivery_weight_number, -l.delivery_number, 1,
                                                           'out')::stock_move), '{}')
    INTO moves FROM new_lines l JOIN outbound_orders o ON o.id = l.order_id;
  END IF;
  PERFORM stock_apply(moves);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION stock_rollup_in_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves stock_move[];
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.enterprise_id = NEW.enterprise_id AND OLD.warehouse_id IS NOT DISTINCT FROM NEW.warehouse_id
     AND OLD.warehouse_name = NEW.warehouse_name AND OLD.in_storage_time = NEW.in_storage_time THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(ROW(OLD.enterprise_id, OLD.warehouse_id, OLD.warehouse_name, l.goods_id, l.goods_name, OLD.in_storage_time,
                       -l.storage_number, -l.weight, -1, 'in')::stock_move)
  INTO moves FROM in_storage_order_goods l WHERE l.order_id = OLD.id;
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(moves, '{}') || coalesce(array_agg(ROW(NEW.enterprise_id, NEW.warehouse_id, NEW.warehouse_name, l.goods_id,
                                                           l.goods_name, NEW.in_storage_time, l.storage_number, l.weight, 1,
                                                           'in')::stock_move), '{}')
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
                       l.delivery_weight_number, l.delivery_number, -1, 'out')::stock_move)
  INTO moves FROM outbound_order_goods l WHERE l.order_id = OLD.id;
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(moves, '{}') || coalesce(array_agg(ROW(NEW.enterprise_id, NEW.warehouse_id, NEW.warehouse_name, l.goods_id,
                                                           l.goods_name, NEW.delivery_time, -l.delivery_weight_number,
                                                           -l.delivery_number, 1, 'out')::stock_move), '{}')
    INTO moves FROM outbound_order_goods l WHERE l.order_id = NEW.id;
  END IF;
  PERFORM stock_apply(moves);
  IF TG_OP = 'DELETE' THEN
    RETURN OLD; -- a BEFORE trigger: the row is deleted
  END IF;
  RETURN NULL;
END $$;

-- Goods moved to another category take their stock along, now and day by day.
CREATE OR REPLACE FUNCTION stock_goods_recategorised() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  whole stock_move[];
  parts stock_category_days[];
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

  -- The goods' whole history (stock_goods now names the new category): off the old category, onto the new one.
  SELECT array_agg(ROW(s.enterprise_id, nullif(s.warehouse_key, 0), s.warehouse_label, s.goods_id, NULL, '-infinity'::date, 0, 0, 0,
                       NULL)::stock_move)
  INTO whole
  FROM stock_goods s JOIN new_goods n ON n.id = s.goods_id JOIN old_goods o ON o.id = n.id
  WHERE o.category_id <> n.category_id;
  SELECT array_agg(ROW(p.enterprise_id, p.warehouse_key, p.warehouse_label, p.category_id, p.day, p.weight, p.pieces, p.goods)::stock_category_days)
  INTO parts
  FROM (
    SELECT w.enterprise_id, w.warehouse_key, w.warehouse_label, w.category_id, w.day, w.weight, w.pieces, w.goods
    FROM stock_goods_part(whole, false) w
    UNION ALL
    SELECT w.enterprise_id, w.warehouse_key, w.warehouse_label, o.category_id, w.day, -w.weight, -w.pieces, -w.goods
    FROM stock_goods_part(whole, false) w JOIN old_goods o ON 'i' || o.id = w.goods_key
  ) p;
  PERFORM stock_category_days_add(parts);
  RETURN NULL;
END $$;

-- Everything again from the rows (the fill below, and after a TRUNCATE of one of the four tables).
CREATE OR REPLACE FUNCTION stock_rollup_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM stock_rollup;
  DELETE FROM stock_goods;
  DELETE FROM stock_by_category;
  DELETE FROM flow_rollup;
  DELETE FROM stock_category_days;
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
  INSERT INTO flow_rollup (enterprise_id, warehouse_key, warehouse_name, day, direction, weight, pieces, lines)
  SELECT o.enterprise_id, coalesce(o.warehouse_id, 0), o.warehouse_name, o.in_storage_time, 'in', sum(g.storage_number), sum(g.weight),
         count(*)
  FROM in_storage_orders o JOIN in_storage_order_goods g ON g.order_id = o.id
  GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT o.enterprise_id, coalesce(o.warehouse_id, 0), o.warehouse_name, o.delivery_time, 'out', sum(g.delivery_weight_number),
         sum(g.delivery_number), count(*)
  FROM outbound_orders o JOIN outbound_order_goods g ON g.order_id = o.id
  GROUP BY 1, 2, 3, 4;
  INSERT INTO stock_category_days (enterprise_id, warehouse_key, warehouse_label, category_id, day, weight, pieces, goods)
  SELECT p.enterprise_id, p.warehouse_key, p.warehouse_label, p.category_id, p.day, sum(p.weight), sum(p.pieces), sum(p.goods)
  FROM stock_goods_part((SELECT array_agg(ROW(s.enterprise_id, nullif(s.warehouse_key, 0), s.warehouse_label, s.goods_id,
                                              substr(s.goods_key, 2), '-infinity'::date, 0, 0, 0, NULL)::stock_move)
                         FROM stock_goods s), false) p
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(p.weight) <> 0 OR sum(p.pieces) <> 0 OR sum(p.goods) <> 0;
$$;

SELECT stock_rollup_rebuild();
-- Planner statistics now: the charts' first queries otherwise plan against empty tables.
ANALYZE flow_rollup;
ANALYZE stock_category_days;
