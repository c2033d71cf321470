ALTER TABLE "inbox_threads" ADD COLUMN "first_unread_created" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "resent_message_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_resent_message_id_messages_id_fk" FOREIGN KEY ("resent_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_threads_unread_idx" ON "inbox_threads" USING btree ("merchant_id","first_unread_created","id") WHERE "inbox_threads"."first_unread_created" is not null and "inbox_threads"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_missed_idx" ON "messages" USING btree ("merchant_id","created" desc,"id" desc) WHERE "messages"."direction" = 'outbound' and "messages"."status" in ('failed', 'undelivered') and "messages"."resent_message_id" is null and "messages"."dismissed_at" is null;--> statement-breakpoint
CREATE INDEX "messages_resent_idx" ON "messages" USING btree ("resent_message_id") WHERE "messages"."resent_message_id" is not null;--> statement-breakpoint
-- Conversations already unread: their oldest unread reply is the oldest of their last `unread_messages` replies.
UPDATE "inbox_threads" t SET "first_unread_created" = coalesce((
  SELECT min(recent."created") FROM (
    SELECT m."created" FROM "messages" m
     WHERE m."thread_id" = t."id" AND m."direction" = 'inbound'
     ORDER BY m."created" DESC
     LIMIT t."unread_messages"
  ) recent
), t."last_message_created", t."created")
WHERE t."unread_messages" > 0;
