-- A number attached to another merchant's location (never allowed by the API's check) goes back to all locations.
UPDATE "sending_numbers" SET "location_id" = NULL
 WHERE "location_id" IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM "merchant_locations" l
                    WHERE l."id" = "sending_numbers"."location_id" AND l."merchant_id" = "sending_numbers"."merchant_id");--> statement-breakpoint
ALTER TABLE "sending_numbers" ADD CONSTRAINT "sending_numbers_location_merchant_fk" FOREIGN KEY ("merchant_id","location_id") REFERENCES "public"."merchant_locations"("merchant_id","id") ON DELETE no action ON UPDATE no action;
