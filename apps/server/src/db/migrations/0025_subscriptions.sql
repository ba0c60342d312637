-- 0025_subscriptions: written by hand (issue 24, CONTRACT §5); db/schema/subscriptions.ts mirrors it.
-- A subscription is what a studio sells as a membership or pass; its tiers are the ways to buy it.
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"activity_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type_set_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_ck" CHECK ("subscriptions"."status" IN ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "subscriptions_team_created_idx" ON "subscriptions" USING btree ("team_id","created_at" DESC);
--> statement-breakpoint
CREATE TABLE "subscription_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"interval" varchar(8) NOT NULL,
	"valid_days" integer,
	"credits" integer,
	"seats_per_booking" integer DEFAULT 1 NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_tiers_interval_ck" CHECK ("subscription_tiers"."interval" IN ('once', 'month', 'year')),
	CONSTRAINT "subscription_tiers_valid_days_ck" CHECK (("subscription_tiers"."interval" = 'once') = ("subscription_tiers"."valid_days" IS NOT NULL) AND ("subscription_tiers"."valid_days" IS NULL OR "subscription_tiers"."valid_days" BETWEEN 1 AND 3650)),
	CONSTRAINT "subscription_tiers_numbers_ck" CHECK ("subscription_tiers"."price_minor" >= 0 AND ("subscription_tiers"."credits" IS NULL OR "subscription_tiers"."credits" BETWEEN 1 AND 1000) AND "subscription_tiers"."seats_per_booking" BETWEEN 1 AND 10 AND "subscription_tiers"."tax_rate_bp" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "subscription_tiers" ADD CONSTRAINT "subscription_tiers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "subscription_tiers" ADD CONSTRAINT "subscription_tiers_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "subscription_tiers_subscription_idx" ON "subscription_tiers" USING btree ("subscription_id","sort");
--> statement-breakpoint
-- A customer's membership: one tier, one period at a time. Created when its order is paid (free:
-- at once); renewed by the jobs runner (conditional update of current_period_end: once per period).
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"tier_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"renewal_method" varchar(16) NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"credits_left" integer,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"past_due_since" timestamp with time zone,
	"renewal_order_id" integer,
	"renewal_notice_for" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"is_test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_status_ck" CHECK ("memberships"."status" IN ('active', 'past_due', 'cancelled', 'expired')),
	CONSTRAINT "memberships_renewal_method_ck" CHECK ("memberships"."renewal_method" IN ('free', 'invoice', 'card', 'none')),
	CONSTRAINT "memberships_credits_ck" CHECK ("memberships"."credits_left" IS NULL OR "memberships"."credits_left" >= 0),
	CONSTRAINT "memberships_period_ck" CHECK ("memberships"."current_period_end" > "memberships"."current_period_start")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_renewal_order_id_orders_id_fk" FOREIGN KEY ("renewal_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "memberships_subscription_idx" ON "memberships" USING btree ("subscription_id","created_at" DESC);
--> statement-breakpoint
CREATE INDEX "memberships_customer_idx" ON "memberships" USING btree ("customer_id");
--> statement-breakpoint
-- One membership per paid order line: paying twice (webhook and return page) never makes two.
CREATE UNIQUE INDEX "memberships_order_tier_uq" ON "memberships" USING btree ("order_id","tier_id") WHERE "order_id" IS NOT NULL;
--> statement-breakpoint
-- The renewal sweep's claim: the memberships whose period ends, by its end.
CREATE INDEX "memberships_due_idx" ON "memberships" USING btree ("current_period_end") WHERE "status" IN ('active', 'past_due');
--> statement-breakpoint
CREATE TABLE "membership_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"order_id" integer,
	"participant_id" integer,
	"user_id" integer,
	"period_end" timestamp with time zone,
	"note" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "membership_events_membership_idx" ON "membership_events" USING btree ("membership_id","id" DESC);
--> statement-breakpoint
-- A period is renewed once, whatever runs twice.
CREATE UNIQUE INDEX "membership_events_renewed_uq" ON "membership_events" USING btree ("membership_id","period_end") WHERE "kind" = 'renewed';
--> statement-breakpoint
-- A line of an order may buy a tier (no ticket, no activity), and a seat may be booked with a membership.
ALTER TABLE "order_items" ADD COLUMN "subscription_tier_id" integer;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_subscription_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("subscription_tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_participants" ADD COLUMN "membership_id" integer;
--> statement-breakpoint
ALTER TABLE "order_participants" ADD CONSTRAINT "order_participants_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_participants_membership_idx" ON "order_participants" USING btree ("membership_id") WHERE "membership_id" IS NOT NULL;
--> statement-breakpoint
-- Days a past_due membership waits for its payment before it expires.
ALTER TABLE "team_selling_settings" ADD COLUMN "membership_grace_days" integer DEFAULT 14 NOT NULL;
--> statement-breakpoint
ALTER TABLE "team_selling_settings" ADD CONSTRAINT "team_selling_grace_days_ck" CHECK ("team_selling_settings"."membership_grace_days" BETWEEN 0 AND 90);
