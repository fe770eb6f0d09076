-- Uploaded datasets of the data portal (issue 13): a CSV or Excel file of one enterprise stored as a typed table.
-- The id is the one the data-portal calls use (`upload-<n>`). columns is the confirmed column list in file order:
-- [{ "name": "c1", "header": "省份", "title": "省份", "type": "province", "role": "dimension", "unit": null }, …].
-- A row's cells are a JSON array in the order of columns: a number column's cells are JSON numbers, every other
-- column's are canonical text (dates `yyyy-MM-dd`, provinces the map's short name), an empty cell is null.
-- A refresh replaces every row in one transaction; deleting a dataset deletes its rows.
CREATE SEQUENCE uploaded_datasets_seq;
CREATE TABLE uploaded_datasets (
  id                text PRIMARY KEY DEFAULT ('upload-' || nextval('uploaded_datasets_seq')),
  enterprise_id     text NOT NULL REFERENCES enterprises(id),
  name              text NOT NULL,
  file_name         text NOT NULL,
  columns           jsonb NOT NULL,
  row_count         integer NOT NULL,
  create_user_id    text NOT NULL,
  create_user_name  text NOT NULL,
  create_time       timestamptz NOT NULL DEFAULT now(),
  refresh_time      timestamptz NOT NULL DEFAULT now(),
  CHECK (id ~ '^upload-[1-9][0-9]*$'),
  CHECK (jsonb_typeof(columns) = 'array')
);
CREATE INDEX uploaded_datasets_enterprise_idx ON uploaded_datasets (enterprise_id, create_time DESC);

CREATE TABLE uploaded_dataset_rows (
  dataset_id  text NOT NULL REFERENCES uploaded_datasets(id) ON DELETE CASCADE,
  row_no      integer NOT NULL,
  cells       jsonb NOT NULL,
  PRIMARY KEY (dataset_id, row_no)
);
