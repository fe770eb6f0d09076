-- Goods-number searches of one or two characters. The trigram index of 0005 serves texts of three characters or
-- more; below that a search read every goods number of the enterprise. goods_number_grams lists the distinct one- and
-- two-character pieces of a (lower-cased) goods number, and a GIN index over it finds the goods whose number holds a
-- short text at once; the search itself still checks the number with ILIKE. Plain PostgreSQL (no extension), so it
-- is the same on PGlite and on a server without pg_trgm.

CREATE FUNCTION goods_number_grams(goods_number text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
    SELECT substr(lower(goods_number), i, 1) AS g FROM generate_series(1, length(goods_number)) AS i
    UNION ALL
    SELECT substr(lower(goods_number), i, 2) FROM generate_series(1, length(goods_number) - 1) AS i
  ) pieces
$$;

CREATE INDEX goods_number_grams_idx ON goods USING gin (goods_number_grams(goods_number));

-- Statistics of the indexed pieces, so the planner reads a common piece ("sp", "2") newest first by id and looks a
-- rare one up in the index.
ANALYZE goods;
