-- 0032_platform_billing: written by hand (issue 25, CONTRACT §6, decision 031); the drizzle schema in
-- db/schema/platform.ts mirrors it.

-- The team's plan per day: the plan in force on day D is the row with the latest effective_from
-- <= D (platform time zone, Europe/Zurich). A row with a later day is a scheduled change (an
-- upgrade from tomorrow, a downgrade from the 1st of next month).
CREATE TABLE "team_plan_changes" (
  "id" serial PRIMARY KEY,
  "team_id" integer NOT NULL REFERENCES "teams"("id") ON DELETE CASCADE,
  "plan" varchar(16) NOT NULL,
  "effective_from" date NOT NULL,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "team_plan_changes_plan_ck" CHECK ("plan" IN ('payg', 'business'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "team_plan_changes_team_day_uq" ON "team_plan_changes" ("team_id", "effective_from");
--> statement-breakpoint
-- Every existing team keeps the tier it had, from the day it was made.
INSERT INTO "team_plan_changes" ("team_id", "plan", "effective_from")
SELECT t."id", coalesce(s."tier", 'payg'), (t."created_at" AT TIME ZONE 'Europe/Zurich')::date
FROM "teams" t LEFT JOIN "team_selling_settings" s ON s."team_id" = t."id";
--> statement-breakpoint

-- One platform invoice per team and month (the unique index makes every second run a no-op).
-- Lines are data (platformInvoiceLineSchema), worded when rendered; amounts exclude VAT.
-- issuer/recipient: the platform's and the team's name and address as they were when issued.
CREATE TABLE "platform_invoices" (
  "id" serial PRIMARY KEY,
  "team_id" integer NOT NULL REFERENCES "teams"("id") ON DELETE RESTRICT,
  "month" char(7) NOT NULL,
  "number" varchar(32) NOT NULL,
  "currency" varchar(3) NOT NULL,
  "language" varchar(2) NOT NULL,
  "lines" jsonb NOT NULL,
  "subtotal_minor" integer NOT NULL,
  "vat_rate_bp" integer NOT NULL DEFAULT 0,
  "vat_minor" integer NOT NULL DEFAULT 0,
  "total_minor" integer NOT NULL,
  "issuer" jsonb NOT NULL,
  "recipient" jsonb NOT NULL,
  "status" varchar(8) NOT NULL DEFAULT 'open',
  "due_at" date NOT NULL,
  "paid_at" timestamp with time zone,
  "paid_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "mailed_at" timestamp with time zone,
  "bexio_status" varchar(16) NOT NULL DEFAULT 'not_configured',
  "bexio_id" integer,
  "bexio_error" varchar(1000),
  "bexio_attempts" integer NOT NULL DEFAULT 0,
  "bexio_next_attempt_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "platform_invoices_month_ck" CHECK ("month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  CONSTRAINT "platform_invoices_status_ck" CHECK ("status" IN ('open', 'paid')),
  CONSTRAINT "platform_invoices_bexio_status_ck" CHECK ("bexio_status" IN ('not_configured', 'pending', 'synced', 'failed')),
  CONSTRAINT "platform_invoices_money_ck" CHECK ("vat_minor" >= 0 AND "total_minor" = "subtotal_minor" + "vat_minor")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "platform_invoices_team_month_uq" ON "platform_invoices" ("team_id", "month");
--> statement-breakpoint
CREATE UNIQUE INDEX "platform_invoices_number_uq" ON "platform_invoices" ("number");
--> statement-breakpoint
CREATE INDEX "platform_invoices_month_idx" ON "platform_invoices" ("month", "id");
--> statement-breakpoint
-- The bexio job's claims: only invoices still to push (pending, or failed with a retry due).
CREATE INDEX "platform_invoices_bexio_due_idx" ON "platform_invoices" ("bexio_next_attempt_at")
  WHERE "bexio_status" IN ('pending', 'failed');
--> statement-breakpoint

-- The team's contact in bexio, found again by it (and by the contact number BKL-<team id> in bexio).
CREATE TABLE "bexio_contacts" (
  "team_id" integer PRIMARY KEY REFERENCES "teams"("id") ON DELETE RESTRICT,
  "bexio_contact_id" integer NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
