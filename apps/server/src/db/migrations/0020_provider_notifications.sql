-- 0020_provider_notifications: written by hand (issue 22 item 7); the drizzle schema in db/schema mirrors it.
-- Which staff members of a team are told about its orders, of which events, and how (immediately
-- or in a daily digest). No row: the defaults (every event, immediately, to the team's owners).
CREATE TABLE "team_notification_settings" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"events" jsonb DEFAULT '["order_placed","order_cancelled","refund_requested","refund_made","waitlist_taken"]'::jsonb NOT NULL,
	"delivery" varchar(16) DEFAULT 'immediate' NOT NULL,
	"last_digest_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_notification_settings_delivery_ck" CHECK ("team_notification_settings"."delivery" IN ('immediate', 'digest'))
);
--> statement-breakpoint
ALTER TABLE "team_notification_settings" ADD CONSTRAINT "team_notification_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The chosen recipients: members of the team. A member who leaves the team (team_members row
-- deleted) leaves this list with it.
CREATE TABLE "team_notification_recipients" (
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_notification_recipients_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "team_notification_recipients" ADD CONSTRAINT "team_notification_recipients_member_fk" FOREIGN KEY ("team_id","user_id") REFERENCES "public"."team_members"("team_id","user_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- What happened, one row per event (the daily digest reads them); `key` makes each event
-- recorded (and mailed) once, whatever runs twice.
CREATE TABLE "team_notification_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"key" varchar(80) NOT NULL,
	"event" varchar(24) NOT NULL,
	"order_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_notification_events" ADD CONSTRAINT "team_notification_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "team_notification_events_key_uq" ON "team_notification_events" USING btree ("team_id","key");
--> statement-breakpoint
CREATE INDEX "team_notification_events_day_idx" ON "team_notification_events" USING btree ("team_id","occurred_at");
