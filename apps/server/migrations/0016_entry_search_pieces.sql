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
