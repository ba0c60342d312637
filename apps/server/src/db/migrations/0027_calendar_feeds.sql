-- 0027_calendar_feeds: written by hand (issue 26, CONTRACT §8, decision 028); the drizzle schema in
-- db/schema/calendar.ts mirrors it.
-- An instructor's private calendar feed: one per instructor resource, its token stored as SHA-256
-- only. Rotating replaces the hash; revoking deletes the row.
CREATE TABLE "instructor_calendar_feeds" (
	"resource_id" integer PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "instructor_calendar_feeds" ADD CONSTRAINT "instructor_calendar_feeds_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instructor_calendar_feeds" ADD CONSTRAINT "instructor_calendar_feeds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "instructor_calendar_feeds" ADD CONSTRAINT "instructor_calendar_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "instructor_calendar_feeds_token_uq" ON "instructor_calendar_feeds" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "instructor_calendar_feeds_team_idx" ON "instructor_calendar_feeds" USING btree ("team_id");
