-- Searches of the contract/order entry pickers. A search looks for its text in a contract's code, relevance code and
-- counterparty, and in an order's code and counterparty, with ILIKE '%text%': with no index for that, a text that
-- few rows hold (or none: "HT" is in most contract codes and no order's) read every order of the enterprise, newest
-- first, looking for the page's rows. search_pieces lists the distinct one- and two-character pieces of the texts it
-- is given (goods_number_grams of migration 0013, each lower-cased); a row holds the search text only if its pieces
-- hold every piece of the text, so a GIN index over them finds the candidate rows at once, and the search still
-- checks each with ILIKE. Plain PostgreSQL (no extension), the same on PGlite and on a server without pg_trgm.

-- Its search_path is fixed: index builds and ANALYZE run with only pg_catalog on the path (PostgreSQL 17, PGlite), where
-- goods_number_grams would not be found.
CREATE FUNCTION search_pieces(VARIADIC texts text[]) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path FROM CURRENT AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[])
  FROM unnest(texts) AS t(text) CROSS JOIN LATERAL unnest(goods_number_grams(t.text)) AS p(g)
$$;

CREATE INDEX contracts_search_pieces_idx ON contracts
  USING gin (search_pieces(code, contract_relevance_code, enterprise_name));
CREATE INDEX sales_orders_search_pieces_idx ON sales_orders USING gin (search_pieces(order_code, enterprise_name));
CREATE INDEX purchase_orders_search_pieces_idx ON purchase_orders USING gin (search_pieces(purchase_order_code, supplier_name));

-- Statistics of the indexed pieces, so the planner reads a common piece newest first and looks a rare one up.
ANALYZE contracts;
ANALYZE sales_orders;
ANALYZE purchase_orders;

-- How many of an enterprise's entries of each type hold each piece, kept by statement triggers like the goods-number
-- piece counts of 0014. A search of one or two characters is a single piece, held by exactly the entries it matches
-- (ILIKE compares lower-cased texts): its total is known without counting rows, a table none of whose entries hold it
-- is not read, and one where many do is read newest first with ILIKE alone.
CREATE TABLE entry_search_piece_counts (
  enterprise_id  text NOT NULL,
  -- The contract's type, or the order kind's type key (the pickers' MLZZHFWPT_CONTACTTYPE_XSDD and _CGDD).
  entry_type     text NOT NULL,
  piece          text NOT NULL,
  n              bigint NOT NULL,
  PRIMARY KEY (enterprise_id, entry_type, piece)
);

-- One statement's change to a table of entries: new rows count +1 per piece, old rows -1 (an unchanged entry cancels
-- out), written in key order so concurrent writers cannot deadlock. TG_ARGV: the entry's type and its pieces, as
-- expressions over the table's columns.
CREATE FUNCTION entry_search_piece_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry text := format('SELECT enterprise_id, %s AS entry_type, %s AS pieces', TG_ARGV[0], TG_ARGV[1]);
  src text := CASE TG_OP
    WHEN 'INSERT' THEN entry || ', 1 AS s FROM new_rows'
    WHEN 'DELETE' THEN entry || ', -1 AS s FROM old_rows'
    ELSE entry || ', 1 AS s FROM new_rows UNION ALL ' || entry || ', -1 AS s FROM old_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO entry_search_piece_counts AS t (enterprise_id, entry_type, piece, n)
    SELECT d.enterprise_id, d.entry_type, p.piece, sum(d.s)
    FROM (%s) d CROSS JOIN LATERAL unnest(d.pieces) AS p(piece)
    GROUP BY d.enterprise_id, d.entry_type, p.piece
    HAVING sum(d.s) <> 0
    ORDER BY d.enterprise_id, d.entry_type, p.piece
    ON CONFLICT (enterprise_id, entry_type, piece) DO UPDATE SET n = t.n + excluded.n
  $q$, src);
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM entry_search_piece_counts t WHERE t.n = 0 AND t.enterprise_id IN (SELECT enterprise_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER entry_search_piece_counts_insert AFTER INSERT ON contracts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_piece_counts_apply('contract_type', 'search_pieces(code, contract_relevance_code, enterprise_name)');
CREATE TRIGGER entry_search_piece_counts_update AFTER UPDATE ON contracts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_piece_counts_apply('contract_type', 'search_pieces(code, contract_relevance_code, enterprise_name)');
CREATE TRIGGER entry_search_piece_counts_delete AFTER DELETE ON contracts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_piece_counts_apply('contract_type', 'search_pieces(code, contract_relevance_code, enterprise_name)');
CREATE TRIGGER entry_search_piece_counts_insert AFTER INSERT ON sales_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_piece_counts_apply('''MLZZHFWPT_CONTACTTYPE_XSDD''', 'search_pieces(order_code, enterprise_name)');
CREATE TRIGGER entry_search_piece_counts_update AFTER UPDATE ON sales_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_piece_counts_apply('''MLZZHFWPT_CONTACTTYPE_XSDD''', 'search_pieces(order_code, enterprise_name)');
CREATE TRIGGER entry_search_piece_counts_delete AFTER DELETE ON sales_orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_piece_counts_apply('''MLZZHFWPT_CONTACTTYPE_XSDD''', 'search_pieces(order_code, enterprise_name)');
CREATE TRIGGER entry_search_piece_counts_insert AFTER INSERT ON purchase_orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_piece_counts_apply('''MLZZHFWPT_CONTACTTYPE_CGDD''', 'search_pieces(purchase_order_code, supplier_name)');
CREATE TRIGGER entry_search_piece_counts_update AFTER UPDATE ON purchase_orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_piece_counts_apply('''MLZZHFWPT_CONTACTTYPE_CGDD''', 'search_pieces(purchase_order_code, supplier_name)');
CREATE TRIGGER entry_search_piece_counts_delete AFTER DELETE ON purchase_orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_piece_counts_apply('''MLZZHFWPT_CONTACTTYPE_CGDD''', 'search_pieces(purchase_order_code, supplier_name)');

-- A truncated table empties its entries' counts: an order table's type (TG_ARGV[0]), or for contracts every other.
CREATE FUNCTION entry_search_piece_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_NARGS = 1 THEN
    DELETE FROM entry_search_piece_counts WHERE entry_type = TG_ARGV[0];
  ELSE
    DELETE FROM entry_search_piece_counts WHERE entry_type NOT IN ('MLZZHFWPT_CONTACTTYPE_XSDD', 'MLZZHFWPT_CONTACTTYPE_CGDD');
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER entry_search_piece_counts_truncate AFTER TRUNCATE ON contracts
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_piece_counts_truncate();
CREATE TRIGGER entry_search_piece_counts_truncate AFTER TRUNCATE ON sales_orders
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_piece_counts_truncate('MLZZHFWPT_CONTACTTYPE_XSDD');
CREATE TRIGGER entry_search_piece_counts_truncate AFTER TRUNCATE ON purchase_orders
  FOR EACH STATEMENT EXECUTE FUNCTION entry_search_piece_counts_truncate('MLZZHFWPT_CONTACTTYPE_CGDD');

INSERT INTO entry_search_piece_counts (enterprise_id, entry_type, piece, n)
SELECT e.enterprise_id, e.entry_type, p.piece, count(*)
FROM (
  SELECT enterprise_id, contract_type AS entry_type, search_pieces(code, contract_relevance_code, enterprise_name) AS pieces FROM contracts
  UNION ALL SELECT enterprise_id, 'MLZZHFWPT_CONTACTTYPE_XSDD', search_pieces(order_code, enterprise_name) FROM sales_orders
  UNION ALL SELECT enterprise_id, 'MLZZHFWPT_CONTACTTYPE_CGDD', search_pieces(purchase_order_code, supplier_name) FROM purchase_orders
) e CROSS JOIN LATERAL unnest(e.pieces) AS p(piece)
GROUP BY e.enterprise_id, e.entry_type, p.piece;

ANALYZE entry_search_piece_counts;
