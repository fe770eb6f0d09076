-- Sign-in limits (issue 9, point 1), kept in the shared database so every app process counts together.
-- rate_limit_counters: requests per (key, fixed time window), one atomic upsert per request; rows are purged
-- once their window has ended.
CREATE TABLE rate_limit_counters (
  key           text NOT NULL,
  window_start  timestamptz NOT NULL,
  count         integer NOT NULL,
  expires_at    timestamptz NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limit_counters_expires_idx ON rate_limit_counters (expires_at);

-- login_lockouts: consecutive wrong passwords per account (key 'user:<username>') and per source address
-- (key 'addr:<ip>'); reaching the threshold locks the key until locked_until.
CREATE TABLE login_lockouts (
  key           text PRIMARY KEY,
  failures      integer NOT NULL,
  locked_until  timestamptz,
  updated_at    timestamptz NOT NULL
);
CREATE INDEX login_lockouts_updated_idx ON login_lockouts (updated_at);
