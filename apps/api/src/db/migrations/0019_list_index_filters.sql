-- The customers list's sort indexes carry the location, status and tag filters' columns (INCLUDE), so a filtered list
-- that walks one (decision 0014's `walk`) reads the index alone instead of fetching every row it passes from the
-- table: "status pending and a tag" at 100k customers read 3,410 rows (~13 ms of CPU) for 50; index-only, ~1 ms
-- (decision 0016). drizzle-kit does not model INCLUDE, so src/db/schema declares these indexes without it.
DROP INDEX IF EXISTS "customers_merchant_last_name_idx";--> statement-breakpoint
CREATE INDEX "customers_merchant_last_name_idx" ON "customers" USING btree ("merchant_id","last_name","first_name","id") INCLUDE ("location_id","account_statuses","tag_ids") WHERE "customers"."removed_at" is null;--> statement-breakpoint
DROP INDEX IF EXISTS "customers_merchant_first_name_idx";--> statement-breakpoint
CREATE INDEX "customers_merchant_first_name_idx" ON "customers" USING btree ("merchant_id","first_name","last_name","id") INCLUDE ("location_id","account_statuses","tag_ids") WHERE "customers"."removed_at" is null;--> statement-breakpoint
DROP INDEX IF EXISTS "customers_merchant_created_idx";--> statement-breakpoint
CREATE INDEX "customers_merchant_created_idx" ON "customers" USING btree ("merchant_id","created","id") INCLUDE ("location_id","account_statuses","tag_ids") WHERE "customers"."removed_at" is null;--> statement-breakpoint
DROP INDEX IF EXISTS "customers_merchant_amount_due_idx";--> statement-breakpoint
CREATE INDEX "customers_merchant_amount_due_idx" ON "customers" USING btree ("merchant_id","primary_amount_due_cents","id") INCLUDE ("location_id","account_statuses","tag_ids") WHERE "customers"."removed_at" is null;--> statement-breakpoint
DROP INDEX IF EXISTS "customers_merchant_due_date_idx";--> statement-breakpoint
CREATE INDEX "customers_merchant_due_date_idx" ON "customers" USING btree ("merchant_id","primary_due_date","id") INCLUDE ("location_id","account_statuses","tag_ids") WHERE "customers"."removed_at" is null;--> statement-breakpoint
DROP INDEX IF EXISTS "customers_merchant_external_id_idx";--> statement-breakpoint
CREATE INDEX "customers_merchant_external_id_idx" ON "customers" USING btree ("merchant_id","primary_external_id","id") INCLUDE ("location_id","account_statuses","tag_ids") WHERE "customers"."removed_at" is null;--> statement-breakpoint
DROP INDEX IF EXISTS "customers_merchant_location_idx";--> statement-breakpoint
CREATE INDEX "customers_merchant_location_idx" ON "customers" USING btree ("merchant_id","location_id","last_name","first_name","id") INCLUDE ("account_statuses","tag_ids") WHERE "customers"."removed_at" is null;
