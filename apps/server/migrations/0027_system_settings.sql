-- System settings (issue 14): the enterprise's stored menu list, versions for role assignment and dictionary entries,
-- and the enterprise's number rules.

-- The stored menu list of spec section 6 per enterprise (is_hidden 1 means shown). A menu the list does not name
-- follows the spec's default. A user's own rows (user_menus) can only narrow it further.
CREATE TABLE enterprise_menus (
  enterprise_id text NOT NULL REFERENCES enterprises(id),
  menu_name     text NOT NULL,
  path          text NOT NULL,
  is_hidden     smallint NOT NULL CHECK (is_hidden IN (0, 1)),
  sort          integer NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (enterprise_id, menu_name)
);

-- Optimistic locking of a user's roles (the roles page sends the version it read).
ALTER TABLE users ADD COLUMN roles_version integer NOT NULL DEFAULT 1;

-- Dictionary entries are edited by administrators: optimistic locking.
ALTER TABLE dict_entries ADD COLUMN version integer NOT NULL DEFAULT 1;

-- Number rules per enterprise and number key. A key without a row numbers KEY-yyyyMMdd-NNNNN, reset daily.
-- Counters stay in number_sequences: the reset counter of a rule (period yyyyMMdd, 'M:…', 'Y:…' or 'N') and, to keep
-- numbers unique whatever the rules were, one counter per rendered stem (the text before the sequence): the
-- original per-day rows (period yyyyMMdd) for KEY-yyyyMMdd stems, and rows of number key '#' for other stems.
CREATE TABLE number_rules (
  enterprise_id  text NOT NULL REFERENCES enterprises(id),
  number_key     text NOT NULL,
  prefix         text NOT NULL CHECK (prefix ~ '^[A-Z0-9]{1,16}$'),
  date_part      text NOT NULL CHECK (date_part IN ('yyyyMMdd', 'yyMMdd', 'yyyyMM', 'yyyy', 'none')),
  sequence_width integer NOT NULL CHECK (sequence_width BETWEEN 3 AND 10),
  reset_period   text NOT NULL CHECK (reset_period IN ('never', 'daily', 'monthly', 'yearly')),
  version        integer NOT NULL DEFAULT 1,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  updated_by     text,
  PRIMARY KEY (enterprise_id, number_key)
);
