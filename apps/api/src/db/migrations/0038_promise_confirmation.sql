ALTER TABLE "payment_promises" ADD COLUMN "scheduled_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD COLUMN "confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_scheduled_payment_id_scheduled_payments_id_fk" FOREIGN KEY ("scheduled_payment_id") REFERENCES "public"."scheduled_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promises" ADD CONSTRAINT "payment_promises_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;