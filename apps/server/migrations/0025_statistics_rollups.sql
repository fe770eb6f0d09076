-- Rollups behind the statistics charts whose cost grew with the data (issue 13): kept by triggers in the writing
-- transaction, so the figures computed from them equal those computed from the rows at every commit. Every change
-- is applied as a signed delta (x = x + delta, INSERT … ON CONFLICT DO UPDATE): two writers changing the same
-- rollup row queue on its row lock and both deltas count, neither overwrites the other.

-- 1. Stock movements per enterprise, warehouse, goods and day. A row adds up the in-storage goods lines (positive)
--    and the outbound goods lines (negative) whose order has that enterprise, warehouse (id, 0 when none, and the
--    name the order wrote), date and goods (its id, or its name when the line names no goods: goods_key is
--    'i<id>' or 'n<name>'). `lines` counts the lines behind the row; a row whose lines are all gone is deleted, so
--    the warehouse names that remain are those the lines still write. Stock as of a day is the sum of the rows up
--    to that day per warehouse and goods (datasets.ts keeps it from going below zero).
CREATE TABLE stock_rollup (
  enterprise_id   text NOT NULL,
  warehouse_key   bigint NOT NULL,
  warehouse_name  text NOT NULL,
  goods_key       text NOT NULL,
  goods_id        bigint,
  day             date NOT NULL,
  weight          numeric NOT NULL DEFAULT 0,
  pieces          numeric NOT NULL DEFAULT 0,
  lines           bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (enterprise_id, warehouse_key, goods_key, day, warehouse_name)
);
CREATE INDEX stock_rollup_day_idx ON stock_rollup (day);

CREATE FUNCTION stock_rollup_add(
  p_enterprise text, p_warehouse bigint, p_wname text, p_goods_id bigint, p_goods_name text, p_day date,
  p_weight numeric, p_pieces numeric, p_lines bigint
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gkey text := CASE WHEN p_goods_id IS NULL THEN 'n' || p_goods_name ELSE 'i' || p_goods_id END;
  wkey bigint := coalesce(p_warehouse, 0);
  left_lines bigint;
BEGIN
  INSERT INTO stock_rollup AS r (enterprise_id, warehouse_key, warehouse_name, goods_key, goods_id, day, weight, pieces, lines)
  VALUES (p_enterprise, wkey, p_wname, gkey, p_goods_id, p_day, p_weight, p_pieces, p_lines)
  ON CONFLICT (enterprise_id, warehouse_key, goods_key, day, warehouse_name) DO UPDATE
    SET weight = r.weight + EXCLUDED.weight, pieces = r.pieces + EXCLUDED.pieces, lines = r.lines + EXCLUDED.lines
  RETURNING r.lines INTO left_lines;
  IF left_lines <= 0 THEN
    DELETE FROM stock_rollup
    WHERE enterprise_id = p_enterprise AND warehouse_key = wkey AND goods_key = gkey AND day = p_day
      AND warehouse_name = p_wname AND lines <= 0;
  END IF;
END $$;

-- A goods line: its old version taken off and its new one added, with its order's values (an order already deleted
-- took its lines off itself, below).
CREATE FUNCTION stock_rollup_in_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT enterprise_id, warehouse_id, warehouse_name, in_storage_time AS day INTO o FROM in_storage_orders WHERE id = OLD.order_id;
    IF FOUND THEN
      PERFORM stock_rollup_add(o.enterprise_id, o.warehouse_id, o.warehouse_name, OLD.goods_id, OLD.goods_name, o.day,
                               -OLD.storage_number, -OLD.weight, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT enterprise_id, warehouse_id, warehouse_name, in_storage_time AS day INTO o FROM in_storage_orders WHERE id = NEW.order_id;
    IF FOUND THEN
      PERFORM stock_rollup_add(o.enterprise_id, o.warehouse_id, o.warehouse_name, NEW.goods_id, NEW.goods_name, o.day,
                               NEW.storage_number, NEW.weight, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION stock_rollup_out_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT enterprise_id, warehouse_id, warehouse_name, delivery_time AS day INTO o FROM outbound_orders WHERE id = OLD.order_id;
    IF FOUND THEN
      PERFORM stock_rollup_add(o.enterprise_id, o.warehouse_id, o.warehouse_name, OLD.goods_id, OLD.goods_name, o.day,
                               OLD.delivery_weight_number, OLD.delivery_number, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT enterprise_id, warehouse_id, warehouse_name, delivery_time AS day INTO o FROM outbound_orders WHERE id = NEW.order_id;
    IF FOUND THEN
      PERFORM stock_rollup_add(o.enterprise_id, o.warehouse_id, o.warehouse_name, NEW.goods_id, NEW.goods_name, o.day,
                               -NEW.delivery_weight_number, -NEW.delivery_number, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

-- An order header: a change of enterprise, warehouse or date moves its lines from the old row to the new one; a
-- deleted order takes its lines off before they go (their own trigger then finds no order and adds nothing).
CREATE FUNCTION stock_rollup_in_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g record;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.enterprise_id = NEW.enterprise_id AND OLD.warehouse_id IS NOT DISTINCT FROM NEW.warehouse_id
     AND OLD.warehouse_name = NEW.warehouse_name AND OLD.in_storage_time = NEW.in_storage_time THEN
    RETURN NULL;
  END IF;
  FOR g IN SELECT goods_id, goods_name, sum(storage_number) AS w, sum(weight) AS p, count(*) AS n
           FROM in_storage_order_goods WHERE order_id = OLD.id GROUP BY goods_id, goods_name LOOP
    PERFORM stock_rollup_add(OLD.enterprise_id, OLD.warehouse_id, OLD.warehouse_name, g.goods_id, g.goods_name, OLD.in_storage_time,
                             -g.w, -g.p, -g.n);
    IF TG_OP = 'UPDATE' THEN
      PERFORM stock_rollup_add(NEW.enterprise_id, NEW.warehouse_id, NEW.warehouse_name, g.goods_id, g.goods_name, NEW.in_storage_time,
                               g.w, g.p, g.n);
    END IF;
  END LOOP;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD; -- a BEFORE trigger: the row is deleted
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION stock_rollup_out_order() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g record;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.enterprise_id = NEW.enterprise_id AND OLD.warehouse_id IS NOT DISTINCT FROM NEW.warehouse_id
     AND OLD.warehouse_name = NEW.warehouse_name AND OLD.delivery_time = NEW.delivery_time THEN
    RETURN NULL;
  END IF;
  FOR g IN SELECT goods_id, goods_name, sum(delivery_weight_number) AS w, sum(delivery_number) AS p, count(*) AS n
           FROM outbound_order_goods WHERE order_id = OLD.id GROUP BY goods_id, goods_name LOOP
    PERFORM stock_rollup_add(OLD.enterprise_id, OLD.warehouse_id, OLD.warehouse_name, g.goods_id, g.goods_name, OLD.delivery_time,
                             g.w, g.p, -g.n);
    IF TG_OP = 'UPDATE' THEN
      PERFORM stock_rollup_add(NEW.enterprise_id, NEW.warehouse_id, NEW.warehouse_name, g.goods_id, g.goods_name, NEW.delivery_time,
                               -g.w, -g.p, g.n);
    END IF;
  END LOOP;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD; -- a BEFORE trigger: the row is deleted
  END IF;
  RETURN NULL;
END $$;

-- Everything again from the rows (the fill below, and after a TRUNCATE of one of the four tables).
CREATE FUNCTION stock_rollup_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM stock_rollup;
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
$$;
CREATE FUNCTION stock_rollup_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stock_rollup_rebuild();
  RETURN NULL;
END $$;

CREATE TRIGGER in_storage_order_goods_stock_rollup AFTER INSERT OR UPDATE OR DELETE ON in_storage_order_goods
  FOR EACH ROW EXECUTE FUNCTION stock_rollup_in_line();
CREATE TRIGGER outbound_order_goods_stock_rollup AFTER INSERT OR UPDATE OR DELETE ON outbound_order_goods
  FOR EACH ROW EXECUTE FUNCTION stock_rollup_out_line();
CREATE TRIGGER in_storage_orders_stock_rollup_update AFTER UPDATE ON in_storage_orders
  FOR EACH ROW EXECUTE FUNCTION stock_rollup_in_order();
CREATE TRIGGER in_storage_orders_stock_rollup_delete BEFORE DELETE ON in_storage_orders
  FOR EACH ROW EXECUTE FUNCTION stock_rollup_in_order();
CREATE TRIGGER outbound_orders_stock_rollup_update AFTER UPDATE ON outbound_orders
  FOR EACH ROW EXECUTE FUNCTION stock_rollup_out_order();
CREATE TRIGGER outbound_orders_stock_rollup_delete BEFORE DELETE ON outbound_orders
  FOR EACH ROW EXECUTE FUNCTION stock_rollup_out_order();
CREATE TRIGGER in_storage_order_goods_stock_rollup_truncate AFTER TRUNCATE ON in_storage_order_goods
  FOR EACH STATEMENT EXECUTE FUNCTION stock_rollup_truncated();
CREATE TRIGGER outbound_order_goods_stock_rollup_truncate AFTER TRUNCATE ON outbound_order_goods
  FOR EACH STATEMENT EXECUTE FUNCTION stock_rollup_truncated();
CREATE TRIGGER in_storage_orders_stock_rollup_truncate AFTER TRUNCATE ON in_storage_orders
  FOR EACH STATEMENT EXECUTE FUNCTION stock_rollup_truncated();
CREATE TRIGGER outbound_orders_stock_rollup_truncate AFTER TRUNCATE ON outbound_orders
  FOR EACH STATEMENT EXECUTE FUNCTION stock_rollup_truncated();

SELECT stock_rollup_rebuild();

-- 2. Loan totals per contract: the loan amounts of its approved applications (an application is approved when it
--    says so, or when it says `submitted` and its approval process is approved: datasets.ts effectiveStatus) and
--    the money of its submitted payable settlements (its repayments). A contract's loan balance is computed from
--    these two, whatever the caller's scope or dates.
CREATE TABLE loan_contract_totals (
  contract_id  bigint PRIMARY KEY,
  approved     numeric(30,2) NOT NULL DEFAULT 0,
  repaid       numeric(30,2) NOT NULL DEFAULT 0
);

CREATE FUNCTION loan_contract_totals_add(p_contract bigint, p_approved numeric, p_repaid numeric) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_contract IS NULL OR (p_approved = 0 AND p_repaid = 0) THEN
    RETURN;
  END IF;
  INSERT INTO loan_contract_totals AS t (contract_id, approved, repaid) VALUES (p_contract, p_approved, p_repaid)
  ON CONFLICT (contract_id) DO UPDATE SET approved = t.approved + EXCLUDED.approved, repaid = t.repaid + EXCLUDED.repaid;
END $$;

CREATE FUNCTION loan_application_approved(p_status text, p_process bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT p_status = 'approved'
      OR (p_status = 'submitted' AND coalesce((SELECT status = 'approved' FROM process_instances WHERE id = p_process), false));
$$;

CREATE FUNCTION loan_contract_totals_application() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND loan_application_approved(OLD.status, OLD.process_instance_id) THEN
    PERFORM loan_contract_totals_add(OLD.contract_id, -OLD.loan_amount, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND loan_application_approved(NEW.status, NEW.process_instance_id) THEN
    PERFORM loan_contract_totals_add(NEW.contract_id, NEW.loan_amount, 0);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION loan_contract_totals_settlement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.type = 2 AND OLD.status = 'submitted' THEN
    PERFORM loan_contract_totals_add(OLD.contract_id, 0, -OLD.money);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.type = 2 AND NEW.status = 'submitted' THEN
    PERFORM loan_contract_totals_add(NEW.contract_id, 0, NEW.money);
  END IF;
  RETURN NULL;
END $$;

-- A process whose approved state changes (or that goes or comes) changes the approval of the submitted applications
-- it belongs to.
CREATE FUNCTION loan_contract_totals_process() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'approved';
  now_is boolean := TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'approved';
  a record;
BEGIN
  IF was = now_is THEN
    RETURN NULL;
  END IF;
  FOR a IN SELECT contract_id, sum(loan_amount) AS amount FROM loan_applications
           WHERE process_instance_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END
             AND status = 'submitted' AND contract_id IS NOT NULL
           GROUP BY contract_id LOOP
    PERFORM loan_contract_totals_add(a.contract_id, CASE WHEN now_is THEN a.amount ELSE -a.amount END, 0);
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION loan_contract_totals_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM loan_contract_totals;
  INSERT INTO loan_contract_totals (contract_id, approved, repaid)
  SELECT contract_id, sum(approved), sum(repaid)
  FROM (
    SELECT a.contract_id, a.loan_amount AS approved, 0 AS repaid
    FROM loan_applications a LEFT JOIN process_instances pi ON pi.id = a.process_instance_id
    WHERE a.contract_id IS NOT NULL AND (a.status = 'approved' OR (a.status = 'submitted' AND pi.status = 'approved'))
    UNION ALL
    SELECT s.contract_id, 0, s.money FROM settlements s
    WHERE s.contract_id IS NOT NULL AND s.type = 2 AND s.status = 'submitted'
  ) m
  GROUP BY contract_id;
$$;
CREATE FUNCTION loan_contract_totals_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM loan_contract_totals_rebuild();
  RETURN NULL;
END $$;

CREATE INDEX loan_applications_process_idx ON loan_applications (process_instance_id) WHERE status = 'submitted';

CREATE TRIGGER loan_applications_contract_totals AFTER INSERT OR UPDATE OR DELETE ON loan_applications
  FOR EACH ROW EXECUTE FUNCTION loan_contract_totals_application();
CREATE TRIGGER settlements_contract_totals AFTER INSERT OR UPDATE OR DELETE ON settlements
  FOR EACH ROW EXECUTE FUNCTION loan_contract_totals_settlement();
CREATE TRIGGER process_instances_contract_totals AFTER INSERT OR UPDATE OR DELETE ON process_instances
  FOR EACH ROW EXECUTE FUNCTION loan_contract_totals_process();
CREATE TRIGGER loan_applications_contract_totals_truncate AFTER TRUNCATE ON loan_applications
  FOR EACH STATEMENT EXECUTE FUNCTION loan_contract_totals_truncated();
CREATE TRIGGER settlements_contract_totals_truncate AFTER TRUNCATE ON settlements
  FOR EACH STATEMENT EXECUTE FUNCTION loan_contract_totals_truncated();
CREATE TRIGGER process_instances_contract_totals_truncate AFTER TRUNCATE ON process_instances
  FOR EACH STATEMENT EXECUTE FUNCTION loan_contract_totals_truncated();

SELECT loan_contract_totals_rebuild();
