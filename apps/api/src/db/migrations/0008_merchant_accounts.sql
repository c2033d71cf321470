-- The unique (merchant_id, id) comes first: merchant_accounts_location_fk references it.
ALTER TABLE "merchant_locations" ADD CONSTRAINT "merchant_locations_merchant_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
CREATE TABLE "merchant_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"processor" text DEFAULT 'sandbox' NOT NULL,
	"processor_merchant_id" text NOT NULL,
	"deposit_routing_number" text NOT NULL,
	"deposit_account_last4" text NOT NULL,
	"rate_bps" integer DEFAULT 0 NOT NULL,
	"per_transaction_cents" integer DEFAULT 0 NOT NULL,
	"convenience_fee_enabled" boolean DEFAULT false NOT NULL,
	"convenience_fee_cents" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_accounts_rate_bps_range" CHECK ("merchant_accounts"."rate_bps" between 0 and 10000),
	CONSTRAINT "merchant_accounts_last4" CHECK ("merchant_accounts"."deposit_account_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_location_fk" FOREIGN KEY ("merchant_id","location_id") REFERENCES "public"."merchant_locations"("merchant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_accounts_merchant_name_idx" ON "merchant_accounts" USING btree ("merchant_id","name","id");--> statement-breakpoint
CREATE INDEX "merchant_accounts_merchant_created_idx" ON "merchant_accounts" USING btree ("merchant_id","created","id");--> statement-breakpoint
CREATE INDEX "merchant_accounts_location_name_idx" ON "merchant_accounts" USING btree ("location_id","name","id");--> statement-breakpoint
CREATE INDEX "merchant_locations_merchant_created_idx" ON "merchant_locations" USING btree ("merchant_id","created","id");
