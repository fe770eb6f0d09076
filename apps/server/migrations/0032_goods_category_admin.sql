-- Goods category administration (issue 14, /goods/categories; requirements P30): a category can be disabled (not
-- offered for new goods; goods already in it keep it) and carries its own version for optimistic locking. The
-- category list the goods picker reads stays one query and one per-process cache, invalidated as before by the
-- goods_category_versions row that every statement on goods_categories raises (migration 0005).
ALTER TABLE goods_categories ADD COLUMN disabled boolean NOT NULL DEFAULT false;
ALTER TABLE goods_categories ADD COLUMN version integer NOT NULL DEFAULT 1;
