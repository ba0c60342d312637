-- 0021_user_date_format: written by hand (issue 22 item 13); the drizzle schema in db/schema mirrors it.
-- A staff user's English date format: 'day_first' (DD/MM/YYYY, 24 h) or 'us' (MM/DD/YYYY, 12 h);
-- null (every existing user) follows the current team's billing country.
ALTER TABLE "users" ADD COLUMN "date_format" varchar(10);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_date_format_ck" CHECK ("users"."date_format" IN ('day_first', 'us'));
