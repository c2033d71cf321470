CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" uuid,
	"subject_label" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"phone" text,
	"timezone" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_locations" ADD CONSTRAINT "merchant_locations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tags" ADD CONSTRAINT "account_tags_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_merchant_created_idx" ON "audit_events" USING btree ("merchant_id","created" desc,"id");--> statement-breakpoint
CREATE INDEX "audit_events_merchant_actor_idx" ON "audit_events" USING btree ("merchant_id","actor_id","created" desc);--> statement-breakpoint
CREATE INDEX "audit_events_merchant_kind_idx" ON "audit_events" USING btree ("merchant_id","kind","created" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_locations_merchant_name_idx" ON "merchant_locations" USING btree ("merchant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "merchant_locations_merchant_list_idx" ON "merchant_locations" USING btree ("merchant_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_tags_merchant_name_idx" ON "account_tags" USING btree ("merchant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "account_tags_merchant_list_idx" ON "account_tags" USING btree ("merchant_id","name","id");