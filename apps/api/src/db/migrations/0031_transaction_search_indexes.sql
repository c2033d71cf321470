-- Transaction search (issue 18 item 10): each arm of report-transactions' `like` finds its payment ids through an
-- index (customer names and payer names, external ids: pg_trgm GIN for %like%; last 4 and processor references:
-- equality). pg_trgm comes from 0004_trigram_search.sql.
CREATE INDEX "accounts_external_id_trgm_idx" ON "accounts" USING gin ("external_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_methods_merchant_last4_idx" ON "payment_methods" USING btree ("merchant_id","last4");--> statement-breakpoint
CREATE INDEX "payment_sources_gateway_reference_idx" ON "payment_sources" USING btree ("gateway_reference") WHERE "payment_sources"."gateway_reference" is not null;--> statement-breakpoint
CREATE INDEX "payments_customer_created_idx" ON "payments" USING btree ("customer_id","created" desc);--> statement-breakpoint
CREATE INDEX "payments_payer_name_trgm_idx" ON "payments" USING gin ("payer_name" gin_trgm_ops) WHERE "payments"."payer_name" is not null;--> statement-breakpoint
-- Hand-written (drizzle-kit does not model an expression operator-class index): customers' full name as
-- search-transactions.ts compares it, so `(first_name || ' ' || last_name) ilike '%…%'` uses the index.
CREATE INDEX IF NOT EXISTS "customers_full_name_trgm_idx" ON "customers" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
