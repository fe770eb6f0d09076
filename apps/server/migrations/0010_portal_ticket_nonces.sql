-- Portal tickets work once (issue 9, point 3). Entry inserts the hash of a ticket's signature in the same
-- transaction that issues the session; the primary key makes a second use of the ticket, from any app process,
-- find the row and be refused. A row is kept until its ticket has expired (after that the ticket is refused
-- for its expiry anyway) and then purged.
CREATE TABLE portal_ticket_nonces (
  nonce_hash  text PRIMARY KEY,
  user_id     text NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX portal_ticket_nonces_expires_idx ON portal_ticket_nonces (expires_at);
