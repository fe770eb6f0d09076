-- The document register (issue 14, the blockchain menu): an append-only Merkle log in the style of RFC 9162 with
-- one leaf per stored file, and the signed checkpoints published over it.

-- The log's head: one row whose lock (FOR UPDATE) serialises appends, so every app process adds to one log with
-- consecutive indices; size is the number of leaves.
CREATE TABLE document_log_head (
  id    smallint PRIMARY KEY CHECK (id = 1),
  size  bigint NOT NULL CHECK (size >= 0)
);

-- A leaf: the file's SHA-256 and the time it was registered (ms since the epoch), hashed as
-- SHA-256(0x00 || 0x01 || file sha256 || uint64 big-endian ms). Never updated or deleted (see the trigger).
CREATE TABLE document_log_entries (
  leaf_index     bigint PRIMARY KEY CHECK (leaf_index >= 0),
  file_id        bigint NOT NULL UNIQUE REFERENCES stored_files(id),
  enterprise_id  text NOT NULL REFERENCES enterprises(id),
  file_sha256    text NOT NULL CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  registered_ms  bigint NOT NULL,
  leaf_hash      text NOT NULL CHECK (leaf_hash ~ '^[0-9a-f]{64}$')
);
CREATE INDEX document_log_entries_sha_idx ON document_log_entries (file_sha256);
CREATE INDEX document_log_entries_enterprise_idx ON document_log_entries (enterprise_id, leaf_index DESC);

-- A signed checkpoint: Ed25519 over the note (origin, size, root, time); one per tree size.
CREATE TABLE document_log_checkpoints (
  tree_size     bigint PRIMARY KEY CHECK (tree_size > 0),
  root_hash     text NOT NULL CHECK (root_hash ~ '^[0-9a-f]{64}$'),
  signed_ms     bigint NOT NULL,
  signature     text NOT NULL
);

CREATE FUNCTION document_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the document log is append-only';
END;
$$;
CREATE TRIGGER document_log_entries_append_only BEFORE UPDATE OR DELETE ON document_log_entries
  FOR EACH ROW EXECUTE FUNCTION document_log_append_only();
CREATE TRIGGER document_log_checkpoints_append_only BEFORE UPDATE OR DELETE ON document_log_checkpoints
  FOR EACH ROW EXECUTE FUNCTION document_log_append_only();

-- The files stored before this release join the log in upload order.
INSERT INTO document_log_entries (leaf_index, file_id, enterprise_id, file_sha256, registered_ms, leaf_hash)
SELECT i, id, enterprise_id, sha256, ms,
       encode(sha256('\x0001'::bytea || decode(sha256, 'hex') || int8send(ms)), 'hex')
  FROM (SELECT row_number() OVER (ORDER BY id) - 1 AS i, id, enterprise_id, sha256,
               floor(extract(epoch FROM uploaded_at) * 1000)::bigint AS ms
          FROM stored_files) f;
INSERT INTO document_log_head (id, size) SELECT 1, count(*) FROM document_log_entries;

-- A document row's fileQk is its file's certificate page.
UPDATE documents d SET file_qk = '/blockchain/certificates/detail?index=' || e.leaf_index
  FROM document_log_entries e WHERE e.file_id = d.file_id;
