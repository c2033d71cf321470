CREATE TABLE "job_receipts" (
	"key" text PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
