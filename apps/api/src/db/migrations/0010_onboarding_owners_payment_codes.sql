CREATE TABLE "business_details" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"dba" text DEFAULT '' NOT NULL,
	"ein_sealed" text NOT NULL,
	"ein_last4" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"phone" text NOT NULL,
	"website" text,
	"business_type" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_owners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"ssn_sealed" text NOT NULL,
	"ssn_last4" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"ownership_percentage" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_owners_percentage_check" CHECK ("business_owners"."ownership_percentage" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "payment_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"merchant_id" uuid,
	"assigned_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_details" ADD CONSTRAINT "business_details_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_owners" ADD CONSTRAINT "business_owners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_codes" ADD CONSTRAINT "payment_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_owners_merchant_last_name_idx" ON "business_owners" USING btree ("merchant_id","last_name","id");--> statement-breakpoint
CREATE INDEX "business_owners_merchant_percentage_idx" ON "business_owners" USING btree ("merchant_id","ownership_percentage","id");--> statement-breakpoint
CREATE INDEX "business_owners_merchant_created_idx" ON "business_owners" USING btree ("merchant_id","created","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_codes_code_idx" ON "payment_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_codes_merchant_idx" ON "payment_codes" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "payment_codes_available_idx" ON "payment_codes" USING btree ("code") WHERE "payment_codes"."assigned_at" is null;