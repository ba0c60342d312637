CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"type_set_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"parent_id" integer,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"location_id" integer,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"header_image_path" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_kind_ck" CHECK ("activities"."kind" IN ('course', 'event')),
	CONSTRAINT "activities_status_ck" CHECK ("activities"."status" IN ('draft', 'published', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "activity_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_sessions_status_ck" CHECK ("activity_sessions"."status" IN ('scheduled', 'cancelled')),
	CONSTRAINT "activity_sessions_range_ck" CHECK ("activity_sessions"."ends_at" >= "activity_sessions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"address" varchar(200),
	"postal_code" varchar(20) NOT NULL,
	"city" varchar(100) NOT NULL,
	"country" varchar(2) NOT NULL,
	"directions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"session_id" integer,
	"name" jsonb NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"stock" integer NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"sale_start" timestamp with time zone,
	"sale_end" timestamp with time zone,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"min_per_order" integer DEFAULT 1 NOT NULL,
	"max_per_order" integer,
	"visibility" varchar(16) DEFAULT 'public' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_sold_within_stock" CHECK ("tickets"."sold" >= 0 AND "tickets"."sold" <= "tickets"."stock"),
	CONSTRAINT "tickets_price_ck" CHECK ("tickets"."price_minor" >= 0),
	CONSTRAINT "tickets_stock_ck" CHECK ("tickets"."stock" >= 0),
	CONSTRAINT "tickets_tax_rate_ck" CHECK ("tickets"."tax_rate_bp" >= 0 AND "tickets"."tax_rate_bp" <= 10000),
	CONSTRAINT "tickets_per_order_ck" CHECK ("tickets"."min_per_order" >= 1 AND ("tickets"."max_per_order" IS NULL OR "tickets"."max_per_order" >= "tickets"."min_per_order")),
	CONSTRAINT "tickets_visibility_ck" CHECK ("tickets"."visibility" IN ('public', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "type_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"kind" varchar(16) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "type_sets_kind_ck" CHECK ("type_sets"."kind" IN ('course', 'event'))
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_type_set_id_type_sets_id_fk" FOREIGN KEY ("type_set_id") REFERENCES "public"."type_sets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_parent_id_activities_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD CONSTRAINT "activity_sessions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_session_id_activity_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."activity_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_sets" ADD CONSTRAINT "type_sets_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_team_created_idx" ON "activities" USING btree ("team_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_parent_idx" ON "activities" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "activity_sessions_activity_starts_idx" ON "activity_sessions" USING btree ("activity_id","starts_at");--> statement-breakpoint
CREATE INDEX "locations_team_idx" ON "locations" USING btree ("team_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_activity_idx" ON "tickets" USING btree ("activity_id","sort");--> statement-breakpoint
CREATE INDEX "tickets_session_idx" ON "tickets" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "type_sets_team_idx" ON "type_sets" USING btree ("team_id","sort");