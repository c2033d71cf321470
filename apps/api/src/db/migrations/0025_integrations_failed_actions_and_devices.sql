ALTER TABLE "accounts" ADD COLUMN "device_provider" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "failed_actions" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "failed_actions" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "failed_actions" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "return_origin" text;--> statement-breakpoint
ALTER TABLE "failed_actions" ADD CONSTRAINT "failed_actions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_actions" ADD CONSTRAINT "failed_actions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_device_check" CHECK (("accounts"."device_provider" is null) = ("accounts"."device_id" is null));