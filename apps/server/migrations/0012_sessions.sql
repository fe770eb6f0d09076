-- Sessions (issue 9, point 2): one row per sign-in (a refresh-token family). Every request's access token names
-- its session; logout, reuse of a refresh token or an administrator's revocation end the session at once.
-- Changes that end or alter a session — a revoked session, a user deactivated or changed, a role granted or
-- taken away — are announced on the channel tfb_session, which every app process hears (LISTEN) to drop what it
-- has cached about the session or user.
CREATE TABLE sessions (
  id          text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

-- Families issued before this migration become sessions; one whose tokens are all revoked is revoked.
INSERT INTO sessions (id, user_id, created_at, revoked_at)
SELECT family_id, min(user_id), min(created_at), CASE WHEN bool_and(revoked_at IS NOT NULL) THEN max(revoked_at) END
FROM refresh_tokens
GROUP BY family_id;

CREATE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('tfb_session', 'sid:' || NEW.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('tfb_session', 'user:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  ELSE
    PERFORM pg_notify('tfb_session', 'user:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_announce AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at) EXECUTE FUNCTION announce_session_change();
CREATE TRIGGER users_announce AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
CREATE TRIGGER user_roles_announce AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
