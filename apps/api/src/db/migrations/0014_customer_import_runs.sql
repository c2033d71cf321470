ALTER TABLE "customer_imports" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD COLUMN "error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_imports_unfinished_content_idx" ON "customer_imports" USING btree ("merchant_id","content_hash") WHERE "customer_imports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "customer_imports_unfinished_idx" ON "customer_imports" USING btree ("created") WHERE "customer_imports"."status" in ('queued', 'running');