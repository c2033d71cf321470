-- Customers and accounts (issue 9). The trigram GIN indexes need pg_trgm, created in 0004_trigram_search.sql.
CREATE TABLE "account_customers" (
	"account_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_customers_account_id_customer_id_pk" PRIMARY KEY("account_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "account_tag_assignments" (
	"account_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "account_tag_assignments_account_id_tag_id_pk" PRIMARY KEY("account_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"amount_due_cents" integer NOT NULL,
	"due_date" date,
	"autopay" boolean DEFAULT false NOT NULL,
	"convenience_fee_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_convenience_fee_check" CHECK ("accounts"."convenience_fee_cents" >= 0),
	CONSTRAINT "accounts_amount_due_check" CHECK ("accounts"."amount_due_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"opted_in" boolean NOT NULL,
	"actor_id" uuid,
	"method" text NOT NULL,
	"affirmation" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"account_id" uuid,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"edited" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_views" (
	"user_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_views_user_id_customer_id_pk" PRIMARY KEY("user_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"sms_phone_number" text,
	"phone_digits" text GENERATED ALWAYS AS (regexp_replace(coalesce(sms_phone_number, ''), '[^0-9]', '', 'g')) STORED NOT NULL,
	"date_of_birth" date,
	"language" text DEFAULT 'en-US' NOT NULL,
	"text_opt_in" boolean DEFAULT false NOT NULL,
	"email_opt_in" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"primary_external_id" text,
	"primary_amount_due_cents" integer,
	"primary_due_date" date,
	"list_accounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"payment_type" text NOT NULL,
	"card_type" text,
	"nickname" text,
	"masked_card_number" text,
	"masked_account_number" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_masked_check" CHECK (coalesce("payment_methods"."masked_card_number", '') !~ '[0-9]{5}' and coalesce("payment_methods"."masked_account_number", '') !~ '[0-9]{5}')
);
--> statement-breakpoint
ALTER TABLE "account_customers" ADD CONSTRAINT "account_customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_customers" ADD CONSTRAINT "account_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tag_assignments" ADD CONSTRAINT "account_tag_assignments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tag_assignments" ADD CONSTRAINT "account_tag_assignments_tag_id_account_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."account_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_location_id_merchant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."merchant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_events" ADD CONSTRAINT "customer_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_events" ADD CONSTRAINT "customer_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_events" ADD CONSTRAINT "customer_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_events" ADD CONSTRAINT "customer_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_views" ADD CONSTRAINT "customer_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_views" ADD CONSTRAINT "customer_views_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_views" ADD CONSTRAINT "customer_views_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_location_id_merchant_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."merchant_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_customers_one_primary_idx" ON "account_customers" USING btree ("account_id") WHERE "account_customers"."role" = 'primary';--> statement-breakpoint
CREATE INDEX "account_customers_customer_idx" ON "account_customers" USING btree ("customer_id","account_id");--> statement-breakpoint
CREATE INDEX "account_tag_assignments_tag_idx" ON "account_tag_assignments" USING btree ("tag_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_merchant_external_id_idx" ON "accounts" USING btree ("merchant_id","external_id");--> statement-breakpoint
CREATE INDEX "accounts_merchant_status_idx" ON "accounts" USING btree ("merchant_id","status","id");--> statement-breakpoint
CREATE INDEX "accounts_location_idx" ON "accounts" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "consent_events_customer_idx" ON "consent_events" USING btree ("customer_id","created" desc,"id");--> statement-breakpoint
CREATE INDEX "customer_events_customer_idx" ON "customer_events" USING btree ("customer_id","created" desc,"id");--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id","created" desc,"id");--> statement-breakpoint
CREATE INDEX "customer_views_user_merchant_idx" ON "customer_views" USING btree ("user_id","merchant_id","viewed_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_merchant_phone_idx" ON "customers" USING btree ("merchant_id","sms_phone_number") WHERE "customers"."removed_at" is null and "customers"."sms_phone_number" is not null;--> statement-breakpoint
CREATE INDEX "customers_merchant_last_name_idx" ON "customers" USING btree ("merchant_id","last_name","first_name","id") WHERE "customers"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "customers_merchant_first_name_idx" ON "customers" USING btree ("merchant_id","first_name","last_name","id") WHERE "customers"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "customers_merchant_created_idx" ON "customers" USING btree ("merchant_id","created","id") WHERE "customers"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "customers_merchant_amount_due_idx" ON "customers" USING btree ("merchant_id","primary_amount_due_cents","id") WHERE "customers"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "customers_merchant_due_date_idx" ON "customers" USING btree ("merchant_id","primary_due_date","id") WHERE "customers"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "customers_merchant_external_id_idx" ON "customers" USING btree ("merchant_id","primary_external_id","id") WHERE "customers"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "customers_merchant_location_idx" ON "customers" USING btree ("merchant_id","location_id","last_name","first_name","id") WHERE "customers"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "customers_last_name_idx" ON "customers" USING btree ("last_name","first_name","id") WHERE "customers"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "customers_location_idx" ON "customers" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_digits_trgm_idx" ON "customers" USING gin ("phone_digits" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_methods_customer_idx" ON "payment_methods" USING btree ("customer_id","created","id");