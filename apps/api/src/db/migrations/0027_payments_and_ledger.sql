CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"merchant_account_id" uuid NOT NULL,
	"deposit_date" date NOT NULL,
	"transaction_count" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"fees_cents" integer NOT NULL,
	"refunds_cents" integer NOT NULL,
	"returns_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interchange_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"payment_source_id" uuid NOT NULL,
	"deposit_date" date NOT NULL,
	"card_brand" text NOT NULL,
	"card_funding" text NOT NULL,
	"qualification" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"interchange_cents" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"account_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_id" uuid,
	"reversal_id" uuid,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_reversal_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reversal_id" uuid NOT NULL,
	"payment_source_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"convenience_fee_cents" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"gateway_reference" text,
	"decline_code" text,
	"decline_message" text,
	CONSTRAINT "payment_reversal_sources_amount" CHECK ("payment_reversal_sources"."amount_cents" > 0 and "payment_reversal_sources"."convenience_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"total_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text,
	"failure_message" text,
	"created_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reversals_total" CHECK ("payment_reversals"."total_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"amount_cents" integer NOT NULL,
	"convenience_fee_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"gateway_reference" text,
	"decline_code" text,
	"decline_message" text,
	"return_code" text,
	"returned_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sources_amounts" CHECK ("payment_sources"."amount_cents" >= 0 and "payment_sources"."convenience_fee_cents" >= 0),
	CONSTRAINT "payment_sources_total" CHECK ("payment_sources"."total_cents" = "payment_sources"."amount_cents" + "payment_sources"."convenience_fee_cents")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"account_id" uuid,
	"customer_id" uuid,
	"location_id" uuid NOT NULL,
	"merchant_account_id" uuid,
	"origin" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount_cents" integer NOT NULL,
	"convenience_fee_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"fee_waived" boolean DEFAULT false NOT NULL,
	"payer_name" text,
	"description" text,
	"idempotency_key" text NOT NULL,
	"failure_message" text,
	"created_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amounts" CHECK ("payments"."amount_cents" > 0 and "payments"."convenience_fee_cents" >= 0),
	CONSTRAINT "payments_total" CHECK ("payments"."total_cents" = "payments"."amount_cents" + "payments"."convenience_fee_cents"),
	CONSTRAINT "payments_account_or_misc" CHECK (("payments"."origin" = 'misc') = ("payments"."account_id" is null))
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "saved" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "gateway_reference" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "card_funding" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "bin" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "last4" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "exp_month" smallint;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "exp_year" smallint;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "routing_number" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "account_holder" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "authorization_text" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "authorization_method" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "authorized_by" uuid;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_merchant_account_id_merchant_accounts_id_fk" FOREIGN KEY ("merchant_account_id") REFERENCES "public"."merchant_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interchange_records" ADD CONSTRAINT "interchange_records_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interchange_records" ADD CONSTRAINT "interchange_records_payment_source_id_payment_sources_id_fk" FOREIGN KEY ("payment_source_id") REFERENCES "public"."payment_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reversal_id_payment_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."payment_reversals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversal_sources" ADD CONSTRAINT "payment_reversal_sources_reversal_id_payment_reversals_id_fk" FOREIGN KEY ("reversal_id") REFERENCES "public"."payment_reversals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversal_sources" ADD CONSTRAINT "payment_reversal_sources_payment_source_id_payment_sources_id_fk" FOREIGN KEY ("payment_source_id") REFERENCES "public"."payment_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Methods saved before the gateway existed (demo rows) name no processor reference: keep them, readable, with the
-- digits they show; a debit authorisation that was not recorded is said so.
UPDATE "payment_methods" SET
  "gateway" = 'sandbox',
  "gateway_reference" = 'spm_unlinked_' || "id",
  "last4" = right(regexp_replace(coalesce("masked_card_number", "masked_account_number", '0000'), '[^0-9]', '', 'g'), 4)
WHERE "gateway" IS NULL;--> statement-breakpoint
UPDATE "payment_methods" SET "last4" = lpad("last4", 4, '0') WHERE length("last4") < 4;--> statement-breakpoint
UPDATE "payment_methods" SET
  "authorization_text" = 'Recorded before Paydesk kept debit authorisations.',
  "authorization_method" = 'phone',
  "authorized_at" = "created"
WHERE "payment_type" = 'bank' AND "authorization_text" IS NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "gateway" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "gateway_reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "last4" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_sources" ADD CONSTRAINT "payment_sources_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sources" ADD CONSTRAINT "payment_sources_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_location_id_merchant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."merchant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_merchant_account_id_merchant_accounts_id_fk" FOREIGN KEY ("merchant_account_id") REFERENCES "public"."merchant_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_account_date_idx" ON "deposits" USING btree ("merchant_account_id","deposit_date");--> statement-breakpoint
CREATE INDEX "deposits_merchant_date_idx" ON "deposits" USING btree ("merchant_id","deposit_date");--> statement-breakpoint
CREATE UNIQUE INDEX "interchange_records_source_idx" ON "interchange_records" USING btree ("payment_source_id");--> statement-breakpoint
CREATE INDEX "interchange_records_merchant_date_idx" ON "interchange_records" USING btree ("merchant_id","deposit_date");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_created_idx" ON "ledger_entries" USING btree ("account_id","created","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_merchant_created_idx" ON "ledger_entries" USING btree ("merchant_id","created");--> statement-breakpoint
CREATE INDEX "payment_reversal_sources_reversal_idx" ON "payment_reversal_sources" USING btree ("reversal_id");--> statement-breakpoint
CREATE INDEX "payment_reversal_sources_source_idx" ON "payment_reversal_sources" USING btree ("payment_source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_merchant_idempotency_key_idx" ON "payment_reversals" USING btree ("merchant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_reversals_payment_idx" ON "payment_reversals" USING btree ("payment_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sources_payment_position_idx" ON "payment_sources" USING btree ("payment_id","position");--> statement-breakpoint
CREATE INDEX "payment_sources_method_idx" ON "payment_sources" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "payment_sources_state_idx" ON "payment_sources" USING btree ("state","created") WHERE "payment_sources"."state" in ('created', 'pending', 'indeterminate');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_merchant_idempotency_key_idx" ON "payments" USING btree ("merchant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_account_created_idx" ON "payments" USING btree ("account_id","created" desc,"id");--> statement-breakpoint
CREATE INDEX "payments_merchant_created_idx" ON "payments" USING btree ("merchant_id","created" desc,"id");--> statement-breakpoint
CREATE INDEX "payments_merchant_status_created_idx" ON "payments" USING btree ("merchant_id","status","created" desc);--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_authorized_by_users_id_fk" FOREIGN KEY ("authorized_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_methods_merchant_idx" ON "payment_methods" USING btree ("merchant_id");--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_last4" CHECK ("payment_methods"."last4" ~ '^[0-9]{4}$');--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_bin" CHECK ("payment_methods"."bin" is null or "payment_methods"."bin" ~ '^[0-9]{6,8}$');--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_bank_authorization" CHECK ("payment_methods"."payment_type" <> 'bank' or ("payment_methods"."authorization_text" is not null and "payment_methods"."authorization_method" is not null and "payment_methods"."authorized_at" is not null));--> statement-breakpoint
-- The ledger begins with every account's amount due as it stands: from here on only ledger entries move it.
INSERT INTO "ledger_entries" ("merchant_id", "account_id", "kind", "amount_cents", "actor_name", "reason")
SELECT "merchant_id", "id", 'opening', "amount_due_cents", 'System', 'Amount due when the ledger began'
FROM "accounts";
