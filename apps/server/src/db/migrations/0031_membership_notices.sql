-- 0031_membership_notices: written by hand (issue 24, decision 020); the drizzle schema in
-- db/schema/notifications.ts mirrors it.
-- A provider notice may concern a membership instead of an order (a renewal left unpaid, a
-- cancellation, the end): the event names the membership.
ALTER TABLE "team_notification_events" ADD COLUMN "membership_id" integer;
--> statement-breakpoint
-- Teams without saved settings are told every event, the membership events too (no row: the
-- defaults, in code); a row written from now on without events named gets them all. Saved
-- settings keep the events the team chose.
ALTER TABLE "team_notification_settings" ALTER COLUMN "events" SET DEFAULT '["order_placed","order_cancelled","refund_requested","refund_made","waitlist_taken","membership_past_due","membership_cancelled","membership_ended"]'::jsonb;
