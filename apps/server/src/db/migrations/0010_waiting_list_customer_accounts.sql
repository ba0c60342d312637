CREATE TABLE "waiting_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"session_id" integer,
	"firstname" varchar(100) NOT NULL,
	"lastname" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"language" varchar(2) NOT NULL,
	"quantity" integer NOT NULL,
	"status" varchar(16) DEFAULT 'waiting' NOT NULL,
	"removal_token_hash" varchar(64) NOT NULL,
	"offer_token_hash" varchar(64),
	"offer_holder" varchar(64),
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_quantity_ck" CHECK ("waiting_list_entries"."quantity" BETWEEN 1 AND 50),
	CONSTRAINT "waiting_list_status_ck" CHECK ("waiting_list_entries"."status" IN ('waiting', 'offered', 'booked', 'expired', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "waiting_list_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"type" varchar(24) NOT NULL,
	"actor" varchar(16) NOT NULL,
	"user_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "waiting_list_offer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "cancel_free_hours" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "cancel_late_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_entries" ADD CONSTRAINT "waiting_list_entries_session_id_activity_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."activity_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_events" ADD CONSTRAINT "waiting_list_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_events" ADD CONSTRAINT "waiting_list_events_entry_id_waiting_list_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waiting_list_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_events" ADD CONSTRAINT "waiting_list_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiting_list_line_idx" ON "waiting_list_entries" USING btree ("team_id","activity_id","session_id","status","id");--> statement-breakpoint
CREATE INDEX "waiting_list_offer_expiry_idx" ON "waiting_list_entries" USING btree ("status","offer_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_removal_uq" ON "waiting_list_entries" USING btree ("removal_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_list_offer_uq" ON "waiting_list_entries" USING btree ("offer_token_hash");--> statement-breakpoint
CREATE INDEX "waiting_list_events_entry_idx" ON "waiting_list_events" USING btree ("entry_id","id");--> statement-breakpoint
CREATE INDEX "customer_sessions_customer_idx" ON "customer_sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_sessions_expires_idx" ON "customer_sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_offer_hours_ck" CHECK ("activities"."waiting_list_offer_hours" BETWEEN 1 AND 336);--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_cancel_hours_ck" CHECK ("activities"."cancel_free_hours" IS NULL OR "activities"."cancel_free_hours" BETWEEN 0 AND 8760);