-- Cached profile parts (profile.repository.ts, db/versioned-cache.ts), like the merchants list's pages (0016): the
-- 'profiles' version changes, in the writing transaction, with every statement on a table the profile query reads:
-- the user (for their organisation), organisations, role grants, merchants with their payment code, custom roles.
INSERT INTO "list_versions" ("name", "version") VALUES ('profiles', nextval('list_version_seq'));--> statement-breakpoint
CREATE TRIGGER "profiles_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('profiles');--> statement-breakpoint
CREATE TRIGGER "profiles_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('profiles');--> statement-breakpoint
CREATE TRIGGER "profiles_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_grants"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('profiles');--> statement-breakpoint
CREATE TRIGGER "profiles_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "merchants"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('profiles');--> statement-breakpoint
CREATE TRIGGER "profiles_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_codes"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('profiles');--> statement-breakpoint
CREATE TRIGGER "profiles_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "custom_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('profiles');
