CREATE TABLE "sandbox_gateway_methods" (
	"reference" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"brand" text,
	"funding" text,
	"bin" text,
	"last4" text NOT NULL,
	"exp_month" smallint,
	"exp_year" smallint,
	"routing_number" text,
	"account_holder" text,
	"behaviour" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_operations" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"request" text NOT NULL,
	"outcome" jsonb NOT NULL,
	"reference" text,
	"charge_reference" text,
	"method_reference" text,
	"method_kind" text,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"settle_on" date,
	"settle_as" text,
	"settled_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"return_code" text,
	"return_reason" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_operations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "sandbox_gateway_operations_refunded_check" CHECK ("sandbox_gateway_operations"."refunded_cents" between 0 and "sandbox_gateway_operations"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"brand" text,
	"funding" text,
	"bin" text,
	"last4" text NOT NULL,
	"exp_month" smallint,
	"exp_year" smallint,
	"routing_number" text,
	"account_holder" text,
	"behaviour" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_gateway_operations_due_idx" ON "sandbox_gateway_operations" USING btree ("settle_on") WHERE "sandbox_gateway_operations"."state" in ('approved', 'pending');