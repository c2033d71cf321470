ALTER TABLE "customers" ADD COLUMN "account_statuses" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tag_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Existing customers: the same values refreshCustomerSearch (customers.service.ts) keeps from now on.
UPDATE "customers" c SET
  "account_statuses" = coalesce((SELECT array_agg(DISTINCT a.status ORDER BY a.status) FROM account_customers ac
    JOIN accounts a ON a.id = ac.account_id WHERE ac.customer_id = c.id), '{}'),
  "tag_ids" = coalesce((SELECT array_agg(DISTINCT ata.tag_id ORDER BY ata.tag_id) FROM account_customers ac
    JOIN account_tag_assignments ata ON ata.account_id = ac.account_id WHERE ac.customer_id = c.id), '{}');--> statement-breakpoint
CREATE INDEX "customers_account_statuses_idx" ON "customers" USING gin ("account_statuses");--> statement-breakpoint
CREATE INDEX "customers_tag_ids_idx" ON "customers" USING gin ("tag_ids");
