-- Separation of duties and per-enterprise numbering.
--
-- 1. process_history.handled_by: the user id of whoever closed a step (the submitter for 提交申请, the approver for an
--    approval step; NULL while open and for the system's 归档 entry). The names shown in the timeline stay as they
--    are; the id is what the rules compare: the submitter never completes a step of their own document, and nobody
--    completes two steps of one process instance.
ALTER TABLE process_history ADD COLUMN handled_by text;

-- Existing history knows only names: the submit steps were handled by the instance's starter, and an approval step
-- by the one user of the enterprise carrying that name (ambiguous or unknown names stay NULL).
UPDATE process_history h
SET handled_by = pi.started_by
FROM process_instances pi
WHERE pi.id = h.process_instance_id AND h.task_name = '提交申请' AND h.end_time IS NOT NULL;

UPDATE process_history h
SET handled_by = u.id
FROM process_instances pi, users u
WHERE pi.id = h.process_instance_id
  AND h.handled_by IS NULL
  AND h.end_time IS NOT NULL
  AND h.task_name <> '归档'
  AND u.enterprise_id = pi.enterprise_id
  AND u.name = h.user_name_now
  AND (SELECT count(*) FROM users u2 WHERE u2.enterprise_id = pi.enterprise_id AND u2.name = h.user_name_now) = 1;

-- The task list leaves out instances the caller already handled a step of.
CREATE INDEX process_history_handler_idx ON process_history (handled_by, process_instance_id) WHERE handled_by IS NOT NULL;

-- 2. number_sequences: one counter per (enterprise, key, day), so one enterprise's numbers never advance another's.
-- The old counters were shared by every enterprise: each enterprise starts from the shared value, so a number
-- already issued today is never issued again.
ALTER TABLE number_sequences DROP CONSTRAINT number_sequences_pkey;
ALTER TABLE number_sequences ADD COLUMN enterprise_id text REFERENCES enterprises(id);
INSERT INTO number_sequences (enterprise_id, number_key, period, last_value)
SELECT e.id, s.number_key, s.period, s.last_value
FROM number_sequences s CROSS JOIN enterprises e
WHERE s.enterprise_id IS NULL;
DELETE FROM number_sequences WHERE enterprise_id IS NULL;
ALTER TABLE number_sequences ALTER COLUMN enterprise_id SET NOT NULL;
ALTER TABLE number_sequences ADD PRIMARY KEY (enterprise_id, number_key, period);

-- 3. Goods numbers are business codes like the others: unique per enterprise (the rest already are).
CREATE UNIQUE INDEX goods_enterprise_number_key ON goods (enterprise_id, goods_number);
