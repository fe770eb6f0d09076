-- Attachments found missing in review: pictures of catalogue goods, a delivery address on sales and purchase
-- orders, and the lookup of a business row's latest approval process (its detail page shows that timeline).

-- At most 3 pictures per goods entry, in order; each a stored file (the repository checks it is an image of the
-- goods' own enterprise). Deleting the goods deletes its picture rows, never the files.
CREATE TABLE goods_images (
  goods_id  bigint NOT NULL REFERENCES goods(id) ON DELETE CASCADE,
  file_id   bigint NOT NULL REFERENCES stored_files(id),
  position  smallint NOT NULL CHECK (position BETWEEN 0 AND 2),
  PRIMARY KEY (goods_id, position),
  UNIQUE (goods_id, file_id)
);
CREATE INDEX goods_images_file_idx ON goods_images (file_id);

-- Nullable without a default: no table rewrite, however many orders there are.
ALTER TABLE sales_orders ADD COLUMN delivery_address_id bigint REFERENCES delivery_addresses(id);
ALTER TABLE purchase_orders ADD COLUMN delivery_address_id bigint REFERENCES delivery_addresses(id);

CREATE INDEX process_instances_business_idx ON process_instances (enterprise_id, business_type, business_id, id DESC);
