ALTER TABLE "customer_import_mappings" ADD COLUMN "blank_clears" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD COLUMN "blank_clears" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD COLUMN "text_opt_in_affirmation" text;--> statement-breakpoint
ALTER TABLE "customer_imports" ADD COLUMN "email_opt_in_affirmation" text;--> statement-breakpoint
ALTER TABLE "consent_events" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_import_id_customer_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."customer_imports"("id") ON DELETE set null ON UPDATE no action;