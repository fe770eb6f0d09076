-- The orders, contracts and settlements added up per day beside their rows, so the business and funds charts read a
-- few rows per enterprise and day instead of every record (issue 13: 100 ms at a million goods).
--   * business_rollup: per dataset ('orders', 'contracts', 'contractParties', 'settlements'), enterprise, day (the record's business date
--     as the charts take it: datasets.ts), kind, status and party, the money and the number of records. The kind is
--     the order's (sale or purchase), the contract's type or the settlement's type (1 or 2); the status is the stored
--     one of an order or a settlement, and '' for a contract (its status as the charts show it follows its approval
--     process: those queries read the contracts themselves). The party is '' but in the rows of 'contractParties',
--     which count every contract a second time under its counterparty: the largest counterparties' chart reads a row
--     per counterparty, type and day, while the contracts' totals keep to a few rows per day however many
--     counterparties there are. A row whose records are all gone is deleted.
-- Every change reaches the rollup in the writing transaction as signed deltas (x = x + delta, INSERT … ON CONFLICT DO
-- UPDATE) written in key order: concurrent writers queue on the row locks and every delta counts. A statement is
-- applied once for all its rows (statement-level triggers with transition tables); a change that moves no money or
-- record (a remark, the version) writes nothing.

CREATE TABLE business_rollup (
  dataset        text NOT NULL,
  enterprise_id  text NOT NULL,
  day            date NOT NULL,
  kind           text NOT NULL,
  status         text NOT NULL,
  party          text NOT NULL,
  amount         numeric NOT NULL,
  records        bigint NOT NULL,
  PRIMARY KEY (dataset, enterprise_id, day, kind, status, party)
);
CREATE INDEX business_rollup_day_idx ON business_rollup (dataset, day);

-- One record's contribution (or its removal: all negated).
CREATE TYPE business_delta AS (
  dataset        text,
  enterprise_id  text,
  day            date,
  kind           text,
  status         text,
  party          text,
  amount         numeric,
  records        bigint
);

CREATE FUNCTION business_rollup_apply(deltas business_delta[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(deltas), 0) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO business_rollup AS r (dataset, enterprise_id, day, kind, status, party, amount, records)
  SELECT d.dataset, d.enterprise_id, d.day, d.kind, d.status, d.party, sum(d.amount), sum(d.records)
  FROM unnest(deltas) d
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(d.records) <> 0 OR sum(d.amount) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (dataset, enterprise_id, day, kind, status, party) DO UPDATE
    SET amount = r.amount + EXCLUDED.amount, records = r.records + EXCLUDED.records;
  DELETE FROM business_rollup r
  USING (SELECT DISTINCT dataset, enterprise_id, day, kind, status, party FROM unnest(deltas)) k
  WHERE r.dataset = k.dataset AND r.enterprise_id = k.enterprise_id AND r.day = k.day AND r.kind = k.kind
    AND r.status = k.status AND r.party = k.party AND r.records <= 0;
END $$;

-- An order statement (sales or purchase orders: the kind is the trigger's argument), its old rows taken off and its
-- new ones added. The day is the CST date of its creation.
CREATE FUNCTION business_rollup_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas business_delta[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM business_rollup WHERE dataset = 'orders' AND kind = TG_ARGV[0];
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(ROW('orders', o.enterprise_id, (o.created_at AT TIME ZONE 'Asia/Shanghai')::date, TG_ARGV[0], o.status, '',
                         -o.money, -1)::business_delta)
    INTO deltas FROM old_rows o;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(deltas, '{}') || coalesce(array_agg(ROW('orders', o.enterprise_id, (o.created_at AT TIME ZONE 'Asia/Shanghai')::date,
                                                            TG_ARGV[0], o.status, '', o.money, 1)::business_delta), '{}')
    INTO deltas FROM new_rows o;
  END IF;
  PERFORM business_rollup_apply(deltas);
  RETURN NULL;
END $$;

-- A contract statement, counted by type and again by counterparty and type. The day is the sign date, or the CST date
-- of its creation when it has none.
CREATE FUNCTION business_rollup_contracts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas business_delta[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM business_rollup WHERE dataset IN ('contracts', 'contractParties');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(ROW(v.dataset, c.enterprise_id, coalesce(c.sign_date, (c.created_at AT TIME ZONE 'Asia/Shanghai')::date),
                         c.contract_type, '', v.party, -c.money, -1)::business_delta)
    INTO deltas
    FROM old_rows c CROSS JOIN LATERAL (VALUES ('contracts', ''), ('contractParties', c.enterprise_name)) v(dataset, party);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(deltas, '{}') || coalesce(array_agg(ROW(v.dataset, c.enterprise_id,
                                                            coalesce(c.sign_date, (c.created_at AT TIME ZONE 'Asia/Shanghai')::date),
                                                            c.contract_type, '', v.party, c.money, 1)::business_delta), '{}')
    INTO deltas
    FROM new_rows c CROSS JOIN LATERAL (VALUES ('contracts', ''), ('contractParties', c.enterprise_name)) v(dataset, party);
  END IF;
  PERFORM business_rollup_apply(deltas);
  RETURN NULL;
END $$;

-- A settlement statement. The day is the settlement date, or the CST date of its creation when it has none.
CREATE FUNCTION business_rollup_settlements() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas business_delta[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM business_rollup WHERE dataset = 'settlements';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(ROW('settlements', s.enterprise_id, coalesce(s.settle_date, (s.created_at AT TIME ZONE 'Asia/Shanghai')::date),
                         s.type::text, s.status, '', -s.money, -1)::business_delta)
    INTO deltas FROM old_rows s;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(deltas, '{}') || coalesce(array_agg(ROW('settlements', s.enterprise_id,
                                                            coalesce(s.settle_date, (s.created_at AT TIME ZONE 'Asia/Shanghai')::date),
                                                            s.type::text, s.status, '', s.money, 1)::business_delta), '{}')
    INTO deltas FROM new_rows s;
  END IF;
  PERFORM business_rollup_apply(deltas);
  RETURN NULL;
END $$;

CREATE TRIGGER sales_orders_business_rollup_insert AFTER INSERT ON sales_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_orders('sale');
CREATE TRIGGER sales_orders_business_rollup_update AFTER UPDATE ON sales_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_orders('sale');
CREATE TRIGGER sales_orders_business_rollup_delete AFTER DELETE ON sales_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_orders('sale');
CREATE TRIGGER sales_orders_business_rollup_truncate AFTER TRUNCATE ON sales_orders
  FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_orders('sale');
CREATE TRIGGER purchase_orders_business_rollup_insert AFTER INSERT ON purchase_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_orders('purchase');
CREATE TRIGGER purchase_orders_business_rollup_update AFTER UPDATE ON purchase_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_orders('purchase');
CREATE TRIGGER purchase_orders_business_rollup_delete AFTER DELETE ON purchase_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_orders('purchase');
CREATE TRIGGER purchase_orders_business_rollup_truncate AFTER TRUNCATE ON purchase_orders
  FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_orders('purchase');
CREATE TRIGGER contracts_business_rollup_insert AFTER INSERT ON contracts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_contracts();
CREATE TRIGGER contracts_business_rollup_update AFTER UPDATE ON contracts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_contracts();
CREATE TRIGGER contracts_business_rollup_delete AFTER DELETE ON contracts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_contracts();
CREATE TRIGGER contracts_business_rollup_truncate AFTER TRUNCATE ON contracts
  FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_contracts();
CREATE TRIGGER settlements_business_rollup_insert AFTER INSERT ON settlements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_settlements();
CREATE TRIGGER settlements_business_rollup_update AFTER UPDATE ON settlements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_settlements();
CREATE TRIGGER settlements_business_rollup_delete AFTER DELETE ON settlements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_settlements();
CREATE TRIGGER settlements_business_rollup_truncate AFTER TRUNCATE ON settlements
  FOR EACH STATEMENT EXECUTE FUNCTION business_rollup_settlements();

-- The rows there are now.
INSERT INTO business_rollup (dataset, enterprise_id, day, kind, status, party, amount, records)
SELECT dataset, enterprise_id, day, kind, status, party, sum(amount), count(*)
FROM (
  SELECT 'orders' AS dataset, enterprise_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, 'sale' AS kind, status,
         '' AS party, money AS amount
  FROM sales_orders
  UNION ALL
  SELECT 'orders', enterprise_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, 'purchase', status, '', money
  FROM purchase_orders
  UNION ALL
  SELECT v.dataset, c.enterprise_id, coalesce(c.sign_date, (c.created_at AT TIME ZONE 'Asia/Shanghai')::date), c.contract_type, '',
         v.party, c.money
  FROM contracts c CROSS JOIN LATERAL (VALUES ('contracts', ''), ('contractParties', c.enterprise_name)) v(dataset, party)
  UNION ALL
  SELECT 'settlements', enterprise_id, coalesce(settle_date, (created_at AT TIME ZONE 'Asia/Shanghai')::date), type::text, status, '',
         money
  FROM settlements
) m
GROUP BY 1, 2, 3, 4, 5, 6;
-- Planner statistics now: the charts' first queries otherwise plan against an empty table.
ANALYZE business_rollup;
