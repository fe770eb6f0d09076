-- Projects raise the data version (0021) like the other business records, so every record list (contracts, orders,
-- projects, loan applications, settlements) can keep its count under the version: a project created, edited or
-- deleted through any app process makes every process count that list afresh.
CREATE CONSTRAINT TRIGGER projects_data_version AFTER INSERT OR UPDATE OR DELETE ON projects
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION data_version_bump();
CREATE TRIGGER projects_data_version_truncate AFTER TRUNCATE ON projects
  FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump();
