-- 0014_money_settings: written by hand (see the issue-20 work); the drizzle schema in db/schema mirrors it.
-- Test mode: a test-mode order is marked for good (documents, mails, check-in, statistics and fees read
-- the mark); the fee of a test order is 0. Orders already paid on the test page are marked now.
ALTER TABLE "orders" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "orders" SET "is_test" = true, "platform_fee_minor" = 0 WHERE "payment_type" = 'test';
--> statement-breakpoint
-- Teams marked as demo may keep test mode beside invoice/Stripe; nobody can set the mark through the API.
-- The seeded demo provider is recognised by PostFinance's published example IBAN (no real account).
ALTER TABLE "team_selling_settings" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "team_selling_settings" SET "is_demo" = true WHERE "iban" = 'CH9300762011623852957';
--> statement-breakpoint
-- Provider events are replay-keyed per team: the same event id for two teams is two events.
ALTER TABLE "payment_events" ADD COLUMN "team_id" integer;
--> statement-breakpoint
UPDATE "payment_events" e SET "team_id" = o."team_id" FROM "orders" o WHERE o."id" = e."order_id";
--> statement-breakpoint
DELETE FROM "payment_events" WHERE "team_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "payment_events" ALTER COLUMN "team_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_provider_event_id_pk";
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_team_id_provider_event_id_pk" PRIMARY KEY ("team_id", "provider", "event_id");
