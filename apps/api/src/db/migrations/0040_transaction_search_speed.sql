DROP INDEX "payments_customer_created_idx";--> statement-breakpoint
CREATE INDEX "payments_customer_created_id_idx" ON "payments" USING btree ("customer_id","created" desc,"id");