CREATE TABLE "message_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"delta_days" integer,
	"message_bodies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_system_active" CHECK ("message_templates"."type" in ('SCHEDULED', 'UNSCHEDULED') or "message_templates"."active")
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_merchant_name_idx" ON "message_templates" USING btree ("merchant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_merchant_system_type_idx" ON "message_templates" USING btree ("merchant_id","type") WHERE "message_templates"."type" not in ('SCHEDULED', 'UNSCHEDULED');--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_schedule_idx" ON "message_templates" USING btree ("merchant_id","delta_days") WHERE "message_templates"."type" = 'SCHEDULED' and "message_templates"."active" and "message_templates"."delta_days" is not null;--> statement-breakpoint
CREATE INDEX "message_templates_merchant_list_idx" ON "message_templates" USING btree ("merchant_id","name","id");--> statement-breakpoint
-- Hand-written (issue 20): every merchant has one template of each system type (SPEC §3's table, named by its
-- display name), seeded here for the merchants that exist and by a trigger for each new one, with en-US text and
-- email bodies using merge fields. The test suite checks these bodies against the domain's merge fields and the
-- 300-character text limit.
CREATE FUNCTION seed_system_message_templates(p_merchant_id uuid) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO message_templates (merchant_id, name, type, active, is_visible, message_bodies)
  SELECT p_merchant_id, seed.name, seed.type, true, true,
    jsonb_build_array(
      jsonb_build_object('language', 'en-US', 'body_type', 'TEXT', 'message_body', seed.body),
      jsonb_build_object('language', 'en-US', 'body_type', 'EMAIL', 'message_body', '<p>' || seed.body || '</p>')
    )
  FROM (VALUES
    ('AUTOPAY', 'Autopay',
      'Hi {{first_name}}, autopay is now on for account {{external_id}} with {{merchant_name}}. Payments run on day {{autopay_day}} of each month. Reply STOP to opt out.'),
    ('AUTOPAY_DISABLED', 'Autopay Disabled',
      'Hi {{first_name}}, autopay has been turned off for account {{external_id}} with {{merchant_name}}. Questions? Call {{merchant_phone}}.'),
    ('AUTOPAY_MERCHANT', 'Autopay By Merchant',
      'Hi {{first_name}}, {{merchant_name}} has set up autopay for account {{external_id}}. Payments run on day {{autopay_day}} of each month.'),
    ('AUTOPAY_DISABLED_MERCHANT', 'Autopay Disabled By Merchant',
      'Hi {{first_name}}, {{merchant_name}} has turned off autopay for account {{external_id}}. Call {{merchant_phone}} with any questions.'),
    ('PAYMENT_FAILED', 'Payment Failed',
      'Hi {{first_name}}, your payment for account {{external_id}} did not go through. {{amount_due}} is due. Pay here: {{payment_link}}'),
    ('PAYMENT_PROMISE', 'Confirm Payment',
      'Hi {{first_name}}, please confirm your promise to pay {{promise_amount}} on {{promise_date}} for account {{external_id}}. Reply YES to confirm.'),
    ('PAYMENT_PROMISE_CONFIRMED', 'Payment Arrangement Confirmation',
      'Thank you {{first_name}}. Your payment arrangement of {{promise_amount}} on {{promise_date}} for account {{external_id}} is confirmed.'),
    ('PAYMENT_SCHEDULED', 'Payment Scheduled',
      'Hi {{first_name}}, your payment for account {{external_id}} with {{merchant_name}} is scheduled. Amount due: {{amount_due}} by {{due_date}}.'),
    ('PAYMENTREQUEST', 'Payment Request',
      'Hi {{first_name}}, {{merchant_name}} is requesting a payment of {{amount_due}} for account {{external_id}}. Pay securely here: {{payment_link}}'),
    ('THANKS', 'Thank You',
      'Thank you {{first_name}}! We received your payment of {{last_payment_amount}} on {{last_payment_date}} for account {{external_id}}. - {{merchant_name}}'),
    ('WELCOME', 'Welcome',
      'Welcome {{first_name}}! {{merchant_name}} will send account updates to this number. Reply STOP to opt out, HELP for help.'),
    ('UNCONFIRMED_PROMISE', 'Unconfirmed Promise Reminder',
      'Hi {{first_name}}, we have not received confirmation of your promise to pay {{promise_amount}} on {{promise_date}}. Please call {{merchant_phone}}.')
  ) AS seed(type, name, body)
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE FUNCTION seed_system_message_templates_of_new_merchant() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seed_system_message_templates(NEW.id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER merchants_seed_system_message_templates AFTER INSERT ON merchants
  FOR EACH ROW EXECUTE FUNCTION seed_system_message_templates_of_new_merchant();
--> statement-breakpoint
SELECT seed_system_message_templates(id) FROM merchants;
