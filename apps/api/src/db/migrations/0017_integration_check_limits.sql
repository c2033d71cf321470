CREATE TABLE "customer_integration_checks" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"synced_at" timestamp with time zone,
	"last_status" text NOT NULL,
	"last_checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freshbooks_sandbox_used_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_leases" (
	"key" text PRIMARY KEY NOT NULL,
	"holder" uuid NOT NULL,
	"held_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_request_budgets" (
	"merchant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "integration_request_budgets_merchant_id_provider_pk" PRIMARY KEY("merchant_id","provider")
);
--> statement-breakpoint
ALTER TABLE "customer_integration_checks" ADD CONSTRAINT "customer_integration_checks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_integration_checks" ADD CONSTRAINT "customer_integration_checks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_request_budgets" ADD CONSTRAINT "integration_request_budgets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;