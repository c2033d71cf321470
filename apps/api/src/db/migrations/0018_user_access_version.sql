-- What a user may see and where, cached per process (db/versioned-cache.ts) like the merchants list's pages (0016):
-- the 'user_access' version changes, in the writing transaction, with every statement on a table that the profile
-- query (profile.service.ts) or the merchant access check (findMerchantAccess in users.service.ts) reads: users (for
-- their organisation), organisations, role grants, merchants with their payment code, custom roles. A table's triggers
-- fire in name order: "access_version" sorts before "merchants_list_version" (0016), so every transaction takes the
-- 'user_access' row before the 'merchants' one, and two of them cannot deadlock on the pair.
INSERT INTO "list_versions" ("name", "version") VALUES ('user_access', nextval('list_version_seq'));--> statement-breakpoint
CREATE TRIGGER "access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('user_access');--> statement-breakpoint
CREATE TRIGGER "access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('user_access');--> statement-breakpoint
CREATE TRIGGER "access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_grants"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('user_access');--> statement-breakpoint
CREATE TRIGGER "access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "merchants"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('user_access');--> statement-breakpoint
CREATE TRIGGER "access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_codes"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('user_access');--> statement-breakpoint
CREATE TRIGGER "access_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "custom_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('user_access');
