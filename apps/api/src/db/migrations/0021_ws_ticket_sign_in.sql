-- Tickets live 30 seconds and name no sign-in yet: dropping the outstanding ones only makes a client ask again.
DELETE FROM "ws_tickets";--> statement-breakpoint
ALTER TABLE "ws_tickets" ADD COLUMN "family_id" uuid NOT NULL;
