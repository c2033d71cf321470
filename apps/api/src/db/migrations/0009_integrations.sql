CREATE TABLE "failed_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"action" text NOT NULL,
	"device_id" text NOT NULL,
	"account_reference" text,
	"error_message" text NOT NULL,
	"is_resolvable" boolean NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freshbooks_sandbox_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"account_label" text DEFAULT '' NOT NULL,
	"credentials_sealed" text,
	"connected_by" uuid,
	"connected_at" timestamp with time zone,
	"last_tested_at" timestamp with time zone,
	"last_error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"provider" text NOT NULL,
	"user_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "failed_actions" ADD CONSTRAINT "failed_actions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "failed_actions_merchant_created_idx" ON "failed_actions" USING btree ("merchant_id","created" desc,"id");--> statement-breakpoint
CREATE INDEX "failed_actions_merchant_provider_created_idx" ON "failed_actions" USING btree ("merchant_id","provider","created" desc,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "freshbooks_sandbox_codes_hash_idx" ON "freshbooks_sandbox_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_merchant_provider_idx" ON "integration_connections" USING btree ("merchant_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_states_token_hash_idx" ON "oauth_states" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");