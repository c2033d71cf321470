CREATE TABLE "outgoing_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_emails_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_idempotency_key_unique" UNIQUE("idempotency_key");