-- Goods searches at a million goods (requirements P16): what the goods picker's search read on every request
-- that it no longer needs to.
--
-- 1. The facets' texts lower-cased once, when a facet is written. A search's facet half (migration 0005) matched
--    every facet of the enterprise with ILIKE, which lower-cases both sides of each comparison: at 3,239 facets that
--    was about 5 ms of a 9 ms query. ILIKE is LIKE on the lower-cased texts (the database's own lower()), so LIKE on
--    these columns with the lower-cased pattern matches exactly the same facets.
ALTER TABLE goods_facets
  ADD COLUMN goods_name_lower text GENERATED ALWAYS AS (lower(goods_name)) STORED,
  ADD COLUMN specification_models_lower text GENERATED ALWAYS AS (lower(specification_models)) STORED;

-- 2. Goods numbers by their lower-cased beginning, so a search that can only match at the start of a number
--    ("SP-2025", "SP-20250101-0") is one range of this index. The pg_trgm index (0005) found such a text by
--    intersecting the posting lists of trigrams that nearly every number holds.
CREATE INDEX goods_number_prefix_idx ON goods (enterprise_id, lower(goods_number) text_pattern_ops);

-- 3. Which two-character pieces occur in an enterprise's goods numbers anywhere but at the start. A text occurring
--    at position p > 1 of a number holds its own first two characters at p, so a text whose first two characters
--    no number of the enterprise holds past its start can only match at the start of a number: its matches are
--    exactly the numbers that begin with it (part 2). Counted per piece like goods_number_pieces (0014), by
--    statement triggers, so a deleted or renumbered goods item takes its pieces with it.
CREATE FUNCTION goods_number_inner_pairs(goods_number text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(s, i, 2)), '{}'::text[])
  FROM (SELECT lower(goods_number) AS s) x CROSS JOIN LATERAL generate_series(2, length(x.s) - 1) AS i
$$;

CREATE TABLE goods_number_inner_pieces (
  enterprise_id  text NOT NULL,
  piece          text NOT NULL,
  n              bigint NOT NULL,
  PRIMARY KEY (enterprise_id, piece)
);

-- One trigger function for both piece counts: 0014's goods_number_pieces_apply with the counts table and the pieces
-- function as trigger arguments. A statement's new rows count +1 per piece, its old rows -1 (an unchanged number
-- cancels out), written in key order so concurrent writers cannot deadlock on the counter rows. 0014's triggers
-- are moved onto it and its own function dropped.
CREATE FUNCTION goods_number_piece_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counts text := TG_ARGV[0];
  pieces text := TG_ARGV[1];
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT enterprise_id, goods_number, 1 AS s FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT enterprise_id, goods_number, -1 AS s FROM old_rows'
    ELSE 'SELECT enterprise_id, goods_number, 1 AS s FROM new_rows
          UNION ALL SELECT enterprise_id, goods_number, -1 AS s FROM old_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO %1$I AS t (enterprise_id, piece, n)
    SELECT d.enterprise_id, p.piece, sum(d.s)
    FROM (%3$s) d CROSS JOIN LATERAL unnest(%2$I(d.goods_number)) AS p(piece)
    GROUP BY d.enterprise_id, p.piece
    HAVING sum(d.s) <> 0
    ORDER BY d.enterprise_id, p.piece
    ON CONFLICT (enterprise_id, piece) DO UPDATE SET n = t.n + excluded.n
  $q$, counts, pieces, src);
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format('DELETE FROM %I t WHERE t.n = 0 AND t.enterprise_id IN (SELECT enterprise_id FROM old_rows)', counts);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION goods_number_piece_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  RETURN NULL;
END $$;

DROP TRIGGER goods_number_pieces_insert ON goods;
DROP TRIGGER goods_number_pieces_update ON goods;
DROP TRIGGER goods_number_pieces_delete ON goods;
DROP TRIGGER goods_number_pieces_truncate ON goods;
DROP FUNCTION goods_number_pieces_apply();
DROP FUNCTION goods_number_pieces_truncate();

DO $triggers$
DECLARE
  c text[];
BEGIN
  FOREACH c SLICE 1 IN ARRAY ARRAY[
    ['goods_number_pieces', 'goods_number_grams'],
    ['goods_number_inner_pieces', 'goods_number_inner_pairs']
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON goods REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION goods_number_piece_counts_apply(%L, %L)', c[1] || '_insert', c[1], c[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON goods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION goods_number_piece_counts_apply(%L, %L)', c[1] || '_update', c[1], c[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON goods REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION goods_number_piece_counts_apply(%L, %L)', c[1] || '_delete', c[1], c[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON goods '
      'FOR EACH STATEMENT EXECUTE FUNCTION goods_number_piece_counts_truncate(%L)', c[1] || '_truncate', c[1]);
  END LOOP;
END $triggers$;

INSERT INTO goods_number_inner_pieces (enterprise_id, piece, n)
SELECT g.enterprise_id, p.piece, count(*)
FROM goods g CROSS JOIN LATERAL unnest(goods_number_inner_pairs(g.goods_number)) AS p(piece)
GROUP BY g.enterprise_id, p.piece;

ANALYZE goods_facets;
ANALYZE goods_number_inner_pieces;
ANALYZE goods;
