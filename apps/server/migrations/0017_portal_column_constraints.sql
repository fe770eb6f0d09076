-- The column trees' rules, held by the database as well as by the module that checks them under the tree's lock
-- (0015): a column's parent is a column of the same tree, and slugs are unique among siblings (roots included:
-- NULLS NOT DISTINCT). The slug rule is checked at commit, so a whole-tree save that swaps two siblings' slugs
-- within its transaction passes.
CREATE UNIQUE INDEX portal_columns_tree_id_key ON portal_columns (enterprise_id, site, id);
ALTER TABLE portal_columns
  ADD CONSTRAINT portal_columns_parent_same_tree
  FOREIGN KEY (enterprise_id, site, parent_id) REFERENCES portal_columns (enterprise_id, site, id);
ALTER TABLE portal_columns
  ADD CONSTRAINT portal_columns_sibling_slug_key
  UNIQUE NULLS NOT DISTINCT (enterprise_id, site, parent_id, slug) DEFERRABLE INITIALLY DEFERRED;
