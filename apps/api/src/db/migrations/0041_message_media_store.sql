ALTER TABLE "message_media" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "message_media" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "message_media" ADD CONSTRAINT "message_media_stored_check" CHECK ("message_media"."content" is not null or "message_media"."storage_key" is not null);