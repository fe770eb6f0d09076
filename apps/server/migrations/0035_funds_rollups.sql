-- Rollups behind the funds statistics (issue 13: 100 ms at a million rows), kept in the writing transaction like
-- those of migrations 0025 and 0033: every statement's rows are applied once, as signed deltas (x = x + delta,
-- INSERT … ON CONFLICT DO UPDATE) written in key order, so concurrent writers queue on the row locks and every delta
-- counts; a row left with nothing behind it is deleted; a TRUNCATE rebuilds from the rows.
--   * approval_daily: approval processes per enterprise, China Standard Time day of their start, business type,
--     status and stage (the current task; NULL once archived), with how many there are and `seconds`: for finished
--     processes the sum of their durations (updated_at - created_at), for running ones minus the sum of their start
--     times (epoch), so that their durations up to any moment t are processes * t + seconds, exactly.
--   * loan_daily: loan applications per enterprise, application day and status as the figures show it (the stored
--     status, or the approval process's state while the application says `submitted`: datasets.ts effectiveStatus),
--     with their count, loan amount and balance. The balance of an approved application is its loan amount times
--     its contract's factor, 1 - repaid / approved of loan_contract_totals (migration 0025) taken as at least zero,
--     or 1 when it names no contract or the contract has no approved total; other applications have none.
--   * loan_balance_parts: the approved loan amount per contract (0: none), enterprise and day, so that a change of a
--     contract's totals (an approval decided, a repayment made or withdrawn) moves the balance of the days its
--     approved loans fall on by amount * (new factor - old factor), exactly.

CREATE TABLE approval_daily (
  enterprise_id   text NOT NULL,
  day             date NOT NULL,
  business_type   text NOT NULL,
  status          text NOT NULL,
  stage           text,
  processes       bigint NOT NULL,
  seconds         numeric NOT NULL,
  CONSTRAINT approval_daily_key UNIQUE NULLS NOT DISTINCT (enterprise_id, day, business_type, status, stage)
);

CREATE TABLE loan_daily (
  enterprise_id   text NOT NULL,
  day             date NOT NULL,
  status          text NOT NULL,
  applications    bigint NOT NULL,
  amount          numeric NOT NULL,
  balance         numeric NOT NULL,
  PRIMARY KEY (enterprise_id, day, status)
);

CREATE TABLE loan_balance_parts (
  contract_key    bigint NOT NULL,
  enterprise_id   text NOT NULL,
  day             date NOT NULL,
  amount          numeric NOT NULL,
  applications    bigint NOT NULL,
  PRIMARY KEY (contract_key, enterprise_id, day)
);

-- A loan application's status as the figures show it (datasets.ts effectiveStatus).
CREATE FUNCTION loan_effective_status(p_status text, p_process_status text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_status = 'submitted' AND p_process_status IS NOT NULL
              THEN CASE p_process_status WHEN 'running' THEN 'approving' WHEN 'approved' THEN 'approved' ELSE 'rejected' END
              ELSE p_status END;
$$;

-- The share of an approved loan still owed, from its contract's totals (1 when there are none).
CREATE FUNCTION loan_balance_factor(p_approved numeric, p_repaid numeric) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_approved IS NULL OR p_approved <= 0 THEN 1 ELSE greatest(0, 1 - p_repaid / p_approved) END;
$$;

-- ---- approvals ----

CREATE FUNCTION approval_daily_apply(olds process_instances[], news process_instances[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH m AS (
    SELECT p.enterprise_id, (p.created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, p.business_type, p.status,
           p.current_task_name AS stage, -1 AS processes,
           -CASE WHEN p.status = 'running' THEN -extract(epoch FROM p.created_at)
                 ELSE extract(epoch FROM p.updated_at - p.created_at) END AS seconds
    FROM unnest(olds) p
    UNION ALL
    SELECT p.enterprise_id, (p.created_at AT TIME ZONE 'Asia/Shanghai')::date, p.business_type, p.status, p.current_task_name, 1,
           CASE WHEN p.status = 'running' THEN -extract(epoch FROM p.created_at)
                ELSE extract(epoch FROM p.updated_at - p.created_at) END
    FROM unnest(news) p
  )
  INSERT INTO approval_daily AS r (enterprise_id, day, business_type, status, stage, processes, seconds)
  SELECT enterprise_id, day, business_type, status, stage, sum(processes), sum(seconds)
  FROM m
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(processes) <> 0 OR sum(seconds) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (enterprise_id, day, business_type, status, stage) DO UPDATE
    SET processes = r.processes + EXCLUDED.processes, seconds = r.seconds + EXCLUDED.seconds;
  DELETE FROM approval_daily r
  USING (SELECT DISTINCT enterprise_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, business_type, status,
                current_task_name AS stage
         FROM unnest(olds)) k
  WHERE r.enterprise_id = k.enterprise_id AND r.day = k.day AND r.business_type = k.business_type AND r.status = k.status
    AND r.stage IS NOT DISTINCT FROM k.stage AND r.processes <= 0;
END $$;

-- ---- loans ----

CREATE TYPE loan_move AS (
  enterprise_id   text,
  day             date,
  status          text,
  contract_key    bigint,
  amount          numeric,
  applications    bigint
);

CREATE FUNCTION loan_daily_apply(moves loan_move[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(moves), 0) = 0 THEN
    RETURN;
  END IF;
  -- The contracts' totals cannot change until this transaction ends (a change of them moves the balance of the
  -- parts below, which then include these).
  PERFORM 1 FROM loan_contract_totals
  WHERE contract_id IN (SELECT contract_key FROM unnest(moves) WHERE status = 'approved')
  ORDER BY contract_id FOR SHARE;

  WITH m AS (
    SELECT m.enterprise_id, m.day, m.status, m.applications, m.amount,
           CASE WHEN m.status = 'approved' THEN m.amount * loan_balance_factor(t.approved, t.repaid) ELSE 0 END AS balance
    FROM unnest(moves) m LEFT JOIN loan_contract_totals t ON t.contract_id = m.contract_key
  )
  INSERT INTO loan_daily AS r (enterprise_id, day, status, applications, amount, balance)
  SELECT enterprise_id, day, status, sum(applications), sum(amount), sum(balance)
  FROM m
  GROUP BY 1, 2, 3
  HAVING sum(applications) <> 0 OR sum(amount) <> 0 OR sum(balance) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (enterprise_id, day, status) DO UPDATE
    SET applications = r.applications + EXCLUDED.applications, amount = r.amount + EXCLUDED.amount,
        balance = r.balance + EXCLUDED.balance;
  DELETE FROM loan_daily r
  USING (SELECT DISTINCT enterprise_id, day, status FROM unnest(moves)) k
  WHERE r.enterprise_id = k.enterprise_id AND r.day = k.day AND r.status = k.status AND r.applications <= 0;

  INSERT INTO loan_balance_parts AS p (contract_key, enterprise_id, day, amount, applications)
  SELECT contract_key, enterprise_id, day, sum(amount), sum(applications)
  FROM unnest(moves)
  WHERE status = 'approved' AND contract_key <> 0
  GROUP BY 1, 2, 3
  HAVING sum(applications) <> 0 OR sum(amount) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (contract_key, enterprise_id, day) DO UPDATE
    SET amount = p.amount + EXCLUDED.amount, applications = p.applications + EXCLUDED.applications;
  DELETE FROM loan_balance_parts p
  USING (SELECT DISTINCT contract_key, enterprise_id, day FROM unnest(moves) WHERE status = 'approved') k
  WHERE p.contract_key = k.contract_key AND p.enterprise_id = k.enterprise_id AND p.day = k.day AND p.applications <= 0;
END $$;

-- The applications of one statement, each with the state of its approval process.
CREATE FUNCTION loan_daily_applications() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves loan_move[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT array_agg(ROW(l.enterprise_id, l.create_date, loan_effective_status(l.status, pi.status), coalesce(l.contract_id, 0),
                         -l.loan_amount, -1)::loan_move)
    INTO moves FROM old_applications l LEFT JOIN process_instances pi ON pi.id = l.process_instance_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(moves, '{}') || coalesce(array_agg(ROW(l.enterprise_id, l.create_date, loan_effective_status(l.status, pi.status),
                                                           coalesce(l.contract_id, 0), l.loan_amount, 1)::loan_move), '{}')
    INTO moves FROM new_applications l LEFT JOIN process_instances pi ON pi.id = l.process_instance_id;
  END IF;
  PERFORM loan_daily_apply(moves);
  RETURN NULL;
END $$;

-- The processes of one statement: their own figures, and the submitted applications whose status they decide move
-- from the state the process had (none when it is new) to the one it has (none when it is gone).
CREATE FUNCTION funds_rollups_processes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  olds process_instances[] := '{}';
  news process_instances[] := '{}';
  moves loan_move[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(array_agg(o), '{}') INTO olds FROM old_processes o;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(array_agg(n), '{}') INTO news FROM new_processes n;
  END IF;
  PERFORM approval_daily_apply(olds, news);
  WITH k AS (
    SELECT coalesce(o.id, n.id) AS id, o.status AS was, n.status AS now_is
    FROM unnest(olds) o FULL JOIN unnest(news) n ON n.id = o.id
    WHERE o.status IS DISTINCT FROM n.status
  )
  SELECT array_agg(x) INTO moves
  FROM (
    SELECT ROW(l.enterprise_id, l.create_date, loan_effective_status(l.status, k.was), coalesce(l.contract_id, 0), -l.loan_amount, -1)::loan_move AS x
    FROM k JOIN loan_applications l ON l.process_instance_id = k.id AND l.status = 'submitted'
    UNION ALL
    SELECT ROW(l.enterprise_id, l.create_date, loan_effective_status(l.status, k.now_is), coalesce(l.contract_id, 0), l.loan_amount, 1)::loan_move
    FROM k JOIN loan_applications l ON l.process_instance_id = k.id AND l.status = 'submitted'
  ) m;
  PERFORM loan_daily_apply(moves);
  RETURN NULL;
END $$;

-- A contract's totals changed (a process decided, a repayment made or withdrawn, an application approved): the
-- balance of each day its approved loans fall on moves by their amount times the change of its factor (a contract
-- with no totals row has the factor 1). Most changes leave the factor as it was (no repayment yet): nothing to do.
CREATE TYPE loan_factor_change AS (
  contract_id     bigint,
  change          numeric
);

CREATE FUNCTION loan_daily_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes loan_factor_change[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(n.contract_id, loan_balance_factor(n.approved, n.repaid) - 1)::loan_factor_change) INTO changes
    FROM new_totals n
    WHERE loan_balance_factor(n.approved, n.repaid) <> 1;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(ROW(coalesce(n.contract_id, o.contract_id),
                         loan_balance_factor(n.approved, n.repaid) - loan_balance_factor(o.approved, o.repaid))::loan_factor_change)
    INTO changes
    FROM old_totals o FULL JOIN new_totals n ON n.contract_id = o.contract_id
    WHERE loan_balance_factor(n.approved, n.repaid) <> loan_balance_factor(o.approved, o.repaid);
  ELSE
    SELECT array_agg(ROW(o.contract_id, 1 - loan_balance_factor(o.approved, o.repaid))::loan_factor_change) INTO changes
    FROM old_totals o
    WHERE loan_balance_factor(o.approved, o.repaid) <> 1;
  END IF;
  IF changes IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO loan_daily AS r (enterprise_id, day, status, applications, amount, balance)
  SELECT p.enterprise_id, p.day, 'approved', 0, 0, sum(p.amount * c.change)
  FROM unnest(changes) c JOIN loan_balance_parts p ON p.contract_key = c.contract_id
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (enterprise_id, day, status) DO UPDATE SET balance = r.balance + EXCLUDED.balance;
  RETURN NULL;
END $$;

-- Everything again from the rows (the fill below, and after a TRUNCATE).
CREATE FUNCTION funds_rollups_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM approval_daily;
  DELETE FROM loan_daily;
  DELETE FROM loan_balance_parts;
  INSERT INTO approval_daily (enterprise_id, day, business_type, status, stage, processes, seconds)
  SELECT enterprise_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, business_type, status, current_task_name, count(*),
         sum(CASE WHEN status = 'running' THEN -extract(epoch FROM created_at) ELSE extract(epoch FROM updated_at - created_at) END)
  FROM process_instances
  GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO loan_balance_parts (contract_key, enterprise_id, day, amount, applications)
  SELECT l.contract_id, l.enterprise_id, l.create_date, sum(l.loan_amount), count(*)
  FROM loan_applications l LEFT JOIN process_instances pi ON pi.id = l.process_instance_id
  WHERE l.contract_id IS NOT NULL AND loan_effective_status(l.status, pi.status) = 'approved'
  GROUP BY 1, 2, 3;
  INSERT INTO loan_daily (enterprise_id, day, status, applications, amount, balance)
  SELECT l.enterprise_id, l.create_date, loan_effective_status(l.status, pi.status), count(*), sum(l.loan_amount),
         sum(CASE WHEN loan_effective_status(l.status, pi.status) = 'approved'
                  THEN l.loan_amount * loan_balance_factor(t.approved, t.repaid) ELSE 0 END)
  FROM loan_applications l
  LEFT JOIN process_instances pi ON pi.id = l.process_instance_id
  LEFT JOIN loan_contract_totals t ON t.contract_id = l.contract_id
  GROUP BY 1, 2, 3;
$$;
CREATE FUNCTION funds_rollups_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM funds_rollups_rebuild();
  RETURN NULL;
END $$;

CREATE TRIGGER loan_applications_daily_insert AFTER INSERT ON loan_applications
  REFERENCING NEW TABLE AS new_applications FOR EACH STATEMENT EXECUTE FUNCTION loan_daily_applications();
CREATE TRIGGER loan_applications_daily_update AFTER UPDATE ON loan_applications
  REFERENCING OLD TABLE AS old_applications NEW TABLE AS new_applications FOR EACH STATEMENT EXECUTE FUNCTION loan_daily_applications();
CREATE TRIGGER loan_applications_daily_delete AFTER DELETE ON loan_applications
  REFERENCING OLD TABLE AS old_applications FOR EACH STATEMENT EXECUTE FUNCTION loan_daily_applications();
CREATE TRIGGER process_instances_funds_insert AFTER INSERT ON process_instances
  REFERENCING NEW TABLE AS new_processes FOR EACH STATEMENT EXECUTE FUNCTION funds_rollups_processes();
CREATE TRIGGER process_instances_funds_update AFTER UPDATE ON process_instances
  REFERENCING OLD TABLE AS old_processes NEW TABLE AS new_processes FOR EACH STATEMENT EXECUTE FUNCTION funds_rollups_processes();
CREATE TRIGGER process_instances_funds_delete AFTER DELETE ON process_instances
  REFERENCING OLD TABLE AS old_processes FOR EACH STATEMENT EXECUTE FUNCTION funds_rollups_processes();
CREATE TRIGGER loan_contract_totals_daily_insert AFTER INSERT ON loan_contract_totals
  REFERENCING NEW TABLE AS new_totals FOR EACH STATEMENT EXECUTE FUNCTION loan_daily_totals();
CREATE TRIGGER loan_contract_totals_daily_update AFTER UPDATE ON loan_contract_totals
  REFERENCING OLD TABLE AS old_totals NEW TABLE AS new_totals FOR EACH STATEMENT EXECUTE FUNCTION loan_daily_totals();
CREATE TRIGGER loan_contract_totals_daily_delete AFTER DELETE ON loan_contract_totals
  REFERENCING OLD TABLE AS old_totals FOR EACH STATEMENT EXECUTE FUNCTION loan_daily_totals();
CREATE TRIGGER loan_applications_funds_truncate AFTER TRUNCATE ON loan_applications
  FOR EACH STATEMENT EXECUTE FUNCTION funds_rollups_truncated();
CREATE TRIGGER process_instances_funds_truncate AFTER TRUNCATE ON process_instances
  FOR EACH STATEMENT EXECUTE FUNCTION funds_rollups_truncated();
CREATE TRIGGER loan_contract_totals_funds_truncate AFTER TRUNCATE ON loan_contract_totals
  FOR EACH STATEMENT EXECUTE FUNCTION funds_rollups_truncated();

SELECT funds_rollups_rebuild();
-- Planner statistics now: the charts' first queries otherwise plan against empty tables.
ANALYZE approval_daily;
ANALYZE loan_daily;
ANALYZE loan_balance_parts;
