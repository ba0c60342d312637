CREATE TABLE "activity_instructors" (
	"team_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_instructors_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"holder" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_reservations_quantity_ck" CHECK ("ticket_reservations"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "activity_attribute_values" (
	"team_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "activity_attribute_values_activity_id_attribute_id_pk" PRIMARY KEY("activity_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "activity_fields" (
	"team_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_fields_activity_id_field_id_pk" PRIMARY KEY("activity_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "activity_products" (
	"team_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"ticket_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_products_activity_id_product_id_pk" PRIMARY KEY("activity_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"label" jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filterable" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attributes_type_ck" CHECK ("attributes"."type" IN ('text', 'number', 'select', 'multiselect', 'boolean', 'date'))
);
--> statement-breakpoint
CREATE TABLE "booking_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"label" jsonb NOT NULL,
	"help" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scope" varchar(16) DEFAULT 'participant' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"visible_if" jsonb,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_fields_type_ck" CHECK ("booking_fields"."type" IN ('text', 'textarea', 'number', 'email', 'phone', 'date', 'select', 'multiselect', 'checkbox', 'address')),
	CONSTRAINT "booking_fields_scope_ck" CHECK ("booking_fields"."scope" IN ('order', 'participant'))
);
--> statement-breakpoint
CREATE TABLE "course_defaults" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"reservation_minutes" integer DEFAULT 15 NOT NULL,
	"booking_closes_minutes" integer DEFAULT 0 NOT NULL,
	"cancellation_policy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"waiting_list" boolean DEFAULT false NOT NULL,
	"location_id" integer,
	"capacity" integer,
	"session_minutes" integer DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_defaults_tax_ck" CHECK ("course_defaults"."tax_rate_bp" >= 0 AND "course_defaults"."tax_rate_bp" <= 10000),
	CONSTRAINT "course_defaults_reservation_ck" CHECK ("course_defaults"."reservation_minutes" BETWEEN 1 AND 1440)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"stock" integer,
	"sold" integer DEFAULT 0 NOT NULL,
	"scope" varchar(16) DEFAULT 'order' NOT NULL,
	"min_per_order" integer DEFAULT 0 NOT NULL,
	"max_per_order" integer,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_ck" CHECK ("products"."price_minor" >= 0),
	CONSTRAINT "products_sold_within_stock" CHECK ("products"."sold" >= 0 AND ("products"."stock" IS NULL OR "products"."sold" <= "products"."stock")),
	CONSTRAINT "products_tax_rate_ck" CHECK ("products"."tax_rate_bp" >= 0 AND "products"."tax_rate_bp" <= 10000),
	CONSTRAINT "products_per_order_ck" CHECK ("products"."min_per_order" >= 0 AND ("products"."max_per_order" IS NULL OR "products"."max_per_order" >= "products"."min_per_order")),
	CONSTRAINT "products_scope_ck" CHECK ("products"."scope" IN ('order', 'participant'))
);
--> statement-breakpoint
CREATE TABLE "resource_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"kind" varchar(16) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_groups_kind_ck" CHECK ("resource_groups"."kind" IN ('room', 'equipment', 'instructor'))
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_capacity_ck" CHECK ("resources"."capacity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "session_resources" (
	"team_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"resource_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "session_resources_session_id_resource_id_pk" PRIMARY KEY("session_id","resource_id"),
	CONSTRAINT "session_resources_quantity_ck" CHECK ("session_resources"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "team_holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_holidays_range_ck" CHECK ("team_holidays"."ends_on" >= "team_holidays"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "type_set_attributes" (
	"team_id" integer NOT NULL,
	"type_set_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "type_set_attributes_type_set_id_attribute_id_pk" PRIMARY KEY("type_set_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "type_set_fields" (
	"team_id" integer NOT NULL,
	"type_set_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "type_set_fields_type_set_id_field_id_pk" PRIMARY KEY("type_set_id","field_id")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "booking_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "booking_closes_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "waiting_list" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "cancellation_policy" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "reservation_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_sessions" ADD COLUMN "note" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "description" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_instructors" ADD CONSTRAINT "activity_instructors_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_instructors" ADD CONSTRAINT "activity_instructors_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_instructors" ADD CONSTRAINT "activity_instructors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reservations" ADD CONSTRAINT "ticket_reservations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reservations" ADD CONSTRAINT "ticket_reservations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_attribute_values" ADD CONSTRAINT "activity_attribute_values_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_attribute_values" ADD CONSTRAINT "activity_attribute_values_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_attribute_values" ADD CONSTRAINT "activity_attribute_values_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_fields" ADD CONSTRAINT "activity_fields_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_fields" ADD CONSTRAINT "activity_fields_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_fields" ADD CONSTRAINT "activity_fields_field_id_booking_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."booking_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_products" ADD CONSTRAINT "activity_products_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_products" ADD CONSTRAINT "activity_products_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_products" ADD CONSTRAINT "activity_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_fields" ADD CONSTRAINT "booking_fields_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_defaults" ADD CONSTRAINT "course_defaults_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_defaults" ADD CONSTRAINT "course_defaults_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_groups" ADD CONSTRAINT "resource_groups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_group_id_resource_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."resource_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_resources" ADD CONSTRAINT "session_resources_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_resources" ADD CONSTRAINT "session_resources_session_id_activity_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."activity_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_resources" ADD CONSTRAINT "session_resources_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_holidays" ADD CONSTRAINT "team_holidays_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_set_attributes" ADD CONSTRAINT "type_set_attributes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_set_attributes" ADD CONSTRAINT "type_set_attributes_type_set_id_type_sets_id_fk" FOREIGN KEY ("type_set_id") REFERENCES "public"."type_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_set_attributes" ADD CONSTRAINT "type_set_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_set_fields" ADD CONSTRAINT "type_set_fields_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_set_fields" ADD CONSTRAINT "type_set_fields_type_set_id_type_sets_id_fk" FOREIGN KEY ("type_set_id") REFERENCES "public"."type_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "type_set_fields" ADD CONSTRAINT "type_set_fields_field_id_booking_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."booking_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_instructors_user_idx" ON "activity_instructors" USING btree ("team_id","user_id");--> statement-breakpoint
CREATE INDEX "ticket_reservations_ticket_idx" ON "ticket_reservations" USING btree ("ticket_id","expires_at");--> statement-breakpoint
CREATE INDEX "ticket_reservations_holder_idx" ON "ticket_reservations" USING btree ("holder");--> statement-breakpoint
CREATE INDEX "activity_attribute_values_attr_idx" ON "activity_attribute_values" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "activity_fields_field_idx" ON "activity_fields" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "activity_products_product_idx" ON "activity_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "attributes_team_idx" ON "attributes" USING btree ("team_id","sort");--> statement-breakpoint
CREATE INDEX "booking_fields_team_idx" ON "booking_fields" USING btree ("team_id","sort");--> statement-breakpoint
CREATE INDEX "products_team_idx" ON "products" USING btree ("team_id","sort");--> statement-breakpoint
CREATE INDEX "resource_groups_team_idx" ON "resource_groups" USING btree ("team_id","sort");--> statement-breakpoint
CREATE INDEX "resources_group_idx" ON "resources" USING btree ("group_id","sort");--> statement-breakpoint
CREATE INDEX "resources_team_idx" ON "resources" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "session_resources_resource_idx" ON "session_resources" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "team_holidays_team_idx" ON "team_holidays" USING btree ("team_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "team_holidays_unique_idx" ON "team_holidays" USING btree ("team_id","starts_on","ends_on");--> statement-breakpoint
CREATE INDEX "type_set_attributes_attribute_idx" ON "type_set_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE INDEX "type_set_fields_field_idx" ON "type_set_fields" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "activities_team_status_idx" ON "activities" USING btree ("team_id","status");--> statement-breakpoint
CREATE INDEX "activity_sessions_team_starts_idx" ON "activity_sessions" USING btree ("team_id","starts_at");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_reservation_ck" CHECK ("activities"."reservation_minutes" BETWEEN 1 AND 1440);--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_capacity_ck" CHECK ("activities"."capacity" IS NULL OR "activities"."capacity" >= 0);