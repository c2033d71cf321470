ALTER TABLE "customers" ADD COLUMN "address_line1" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "address_line2" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "zip" text;