-- Cached list pages (db/versioned-cache.ts): each list's version changes, in the writing transaction, with every
-- statement on a table whose rows the list shows or filters by, whichever code (or cascade) runs it. Versions come
-- from a sequence so that a value, once replaced, never comes back (a page cached under it is never served again).
-- The merchants list shows merchants, their organisation's name and payment code, and filters by role grants.
CREATE TABLE "list_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "list_version_seq";--> statement-breakpoint
INSERT INTO "list_versions" ("name", "version") VALUES ('merchants', nextval('list_version_seq'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions (name, version) VALUES (TG_ARGV[0], nextval('list_version_seq'))
    ON CONFLICT (name) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "merchants_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "merchants"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('merchants');--> statement-breakpoint
CREATE TRIGGER "merchants_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('merchants');--> statement-breakpoint
CREATE TRIGGER "merchants_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_codes"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('merchants');--> statement-breakpoint
CREATE TRIGGER "merchants_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_grants"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('merchants');
