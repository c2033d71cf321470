CREATE TABLE "merchant_disabled_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"role" text NOT NULL,
	"custom_role_id" uuid,
	"disabled_by" uuid,
	"disabled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_disabled_users" ADD CONSTRAINT "merchant_disabled_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_disabled_users" ADD CONSTRAINT "merchant_disabled_users_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_disabled_users" ADD CONSTRAINT "merchant_disabled_users_custom_role_id_custom_roles_id_fk" FOREIGN KEY ("custom_role_id") REFERENCES "public"."custom_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_disabled_users" ADD CONSTRAINT "merchant_disabled_users_disabled_by_users_id_fk" FOREIGN KEY ("disabled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_disabled_users_user_merchant_idx" ON "merchant_disabled_users" USING btree ("user_id","merchant_id");--> statement-breakpoint
CREATE INDEX "merchant_disabled_users_merchant_idx" ON "merchant_disabled_users" USING btree ("merchant_id");