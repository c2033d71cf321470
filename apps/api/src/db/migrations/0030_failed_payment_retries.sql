ALTER TABLE "payment_methods" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "retry_of_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "retry_attempt" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "automatic_retry_stopped" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_retry_of_payment_id_payments_id_fk" FOREIGN KEY ("retry_of_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_retry_of_idx" ON "payments" USING btree ("retry_of_payment_id") WHERE "payments"."retry_of_payment_id" is not null;