-- How many of an enterprise's goods have a number holding each one- or two-character piece (the pieces of
-- goods_number_grams, migration 0013), kept by statement triggers like the goods counts of 0005. A goods-number
-- search of one or two characters held by many numbers counted its matches (up to COUNT_CAP) row by row on every
-- request; with this count, less the goods whose name or specification matches (the facet half, counted
-- already), a search that has more than COUNT_CAP number matches is known to without reading them.

CREATE TABLE goods_number_pieces (
  enterprise_id  text NOT NULL,
  piece          text NOT NULL,
  n              bigint NOT NULL,
  PRIMARY KEY (enterprise_id, piece)
);

-- One statement's change: its new rows count +1 per piece, its old rows -1 (an unchanged number cancels out).
-- Written in key order, so concurrent writers cannot deadlock on the counter rows.
CREATE FUNCTION goods_number_pieces_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  src text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT enterprise_id, goods_number, 1 AS s FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT enterprise_id, goods_number, -1 AS s FROM old_rows'
    ELSE 'SELECT enterprise_id, goods_number, 1 AS s FROM new_rows
          UNION ALL SELECT enterprise_id, goods_number, -1 AS s FROM old_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO goods_number_pieces AS t (enterprise_id, piece, n)
    SELECT d.enterprise_id, p.piece, sum(d.s)
    FROM (%s) d CROSS JOIN LATERAL unnest(goods_number_grams(d.goods_number)) AS p(piece)
    GROUP BY d.enterprise_id, p.piece
    HAVING sum(d.s) <> 0
    ORDER BY d.enterprise_id, p.piece
    ON CONFLICT (enterprise_id, piece) DO UPDATE SET n = t.n + excluded.n
  $q$, src);
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM goods_number_pieces t WHERE t.n = 0 AND t.enterprise_id IN (SELECT enterprise_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER goods_number_pieces_insert AFTER INSERT ON goods
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_number_pieces_apply();
CREATE TRIGGER goods_number_pieces_update AFTER UPDATE ON goods
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_number_pieces_apply();
CREATE TRIGGER goods_number_pieces_delete AFTER DELETE ON goods
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION goods_number_pieces_apply();

CREATE FUNCTION goods_number_pieces_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM goods_number_pieces;
  RETURN NULL;
END $$;
CREATE TRIGGER goods_number_pieces_truncate AFTER TRUNCATE ON goods FOR EACH STATEMENT EXECUTE FUNCTION goods_number_pieces_truncate();

INSERT INTO goods_number_pieces (enterprise_id, piece, n)
SELECT g.enterprise_id, p.piece, count(*)
FROM goods g CROSS JOIN LATERAL unnest(goods_number_grams(g.goods_number)) AS p(piece)
GROUP BY g.enterprise_id, p.piece;

ANALYZE goods_number_pieces;
