CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"code" varchar(40) NOT NULL,
	"name" varchar(120),
	"type" varchar(8) NOT NULL,
	"value" integer NOT NULL,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"activity_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_type_ck" CHECK ("discounts"."type" IN ('percent', 'fixed')),
	CONSTRAINT "discounts_value_ck" CHECK ("discounts"."value" > 0 AND ("discounts"."type" <> 'percent' OR "discounts"."value" <= 10000)),
	CONSTRAINT "discounts_uses_ck" CHECK ("discounts"."used_count" >= 0 AND ("discounts"."max_uses" IS NULL OR "discounts"."used_count" <= "discounts"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	"user_id" integer,
	"actor" varchar(16) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"ticket_id" integer,
	"activity_id" integer,
	"session_id" integer,
	"activity_name" jsonb NOT NULL,
	"ticket_name" jsonb NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax_minor" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_items_quantity_ck" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_number_counters" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"firstname" varchar(100) NOT NULL,
	"lastname" varchar(100) NOT NULL,
	"email" varchar(254),
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ticket_code" varchar(64) NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer,
	"participant_id" integer,
	"product_id" integer,
	"name" jsonb NOT NULL,
	"unit_price_minor" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total_minor" integer NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"tax_minor" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_products_quantity_ck" CHECK ("order_products"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"number" integer NOT NULL,
	"customer_id" integer,
	"salutation" varchar(8),
	"firstname" varchar(100) NOT NULL,
	"lastname" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(50),
	"company" varchar(200),
	"language" varchar(2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"payment_type" varchar(16) NOT NULL,
	"payment_status" varchar(24) NOT NULL,
	"paid_at" timestamp with time zone,
	"subtotal_minor" integer NOT NULL,
	"discount_id" integer,
	"discount_code" varchar(40),
	"discount_total_minor" integer DEFAULT 0 NOT NULL,
	"tax_total_minor" integer DEFAULT 0 NOT NULL,
	"total_minor" integer NOT NULL,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"platform_fee_minor" integer DEFAULT 0 NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hold_until" timestamp with time zone,
	"invoice_due_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_payment_status_ck" CHECK ("orders"."payment_status" IN ('paid', 'free', 'waiting', 'refunded', 'partially-refunded', 'declined', 'cancelled', 'expired', 'error')),
	CONSTRAINT "orders_money_ck" CHECK ("orders"."subtotal_minor" >= 0 AND "orders"."discount_total_minor" >= 0 AND "orders"."total_minor" >= 0 AND "orders"."tax_total_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" varchar(16) NOT NULL,
	"event_id" varchar(200) NOT NULL,
	"type" varchar(100) NOT NULL,
	"order_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"external_id" varchar(200),
	"external_payment_id" varchar(200),
	"checkout_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_selling_settings" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"charges_vat" boolean DEFAULT true NOT NULL,
	"vat_number" varchar(40),
	"tax_rates" jsonb DEFAULT '[{"rate_bp":810,"label":{"de":"Normalsatz","en":"Standard rate","fr":"Taux normal"}},{"rate_bp":260,"label":{"de":"Reduzierter Satz","en":"Reduced rate","fr":"Taux réduit"}},{"rate_bp":380,"label":{"de":"Beherbergung","en":"Accommodation","fr":"Hébergement"}},{"rate_bp":0,"label":{"de":"Steuerfrei","en":"Tax exempt","fr":"Exonéré"}}]'::jsonb NOT NULL,
	"default_tax_rate_bp" integer DEFAULT 810 NOT NULL,
	"invoice_enabled" boolean DEFAULT false NOT NULL,
	"invoice_due_days" integer DEFAULT 14 NOT NULL,
	"iban" varchar(34),
	"qr_iban" varchar(34),
	"stripe_enabled" boolean DEFAULT false NOT NULL,
	"stripe_publishable_key" varchar(200),
	"stripe_secret_key_enc" text,
	"stripe_webhook_secret_enc" text,
	"stripe_account_id" varchar(64),
	"test_mode_enabled" boolean DEFAULT false NOT NULL,
	"terms_url" varchar(500),
	"tier" varchar(16) DEFAULT 'payg' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_selling_default_rate_ck" CHECK ("team_selling_settings"."default_tax_rate_bp" >= 0 AND "team_selling_settings"."default_tax_rate_bp" <= 10000),
	CONSTRAINT "team_selling_due_days_ck" CHECK ("team_selling_settings"."invoice_due_days" BETWEEN 1 AND 365),
	CONSTRAINT "team_selling_tier_ck" CHECK ("team_selling_settings"."tier" IN ('payg', 'business'))
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "primary_color" varchar(7);--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "slug" varchar(60);--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_session_id_activity_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."activity_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_number_counters" ADD CONSTRAINT "order_number_counters_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_participants" ADD CONSTRAINT "order_participants_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_participants" ADD CONSTRAINT "order_participants_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_participants" ADD CONSTRAINT "order_participants_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_participants" ADD CONSTRAINT "order_participants_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_participant_id_order_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."order_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_selling_settings" ADD CONSTRAINT "team_selling_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_team_code_uq" ON "discounts" USING btree ("team_id",lower("code"));--> statement-breakpoint
CREATE INDEX "discounts_team_created_idx" ON "discounts" USING btree ("team_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","sort");--> statement-breakpoint
CREATE INDEX "order_items_ticket_idx" ON "order_items" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_participants_code_uq" ON "order_participants" USING btree ("ticket_code");--> statement-breakpoint
CREATE INDEX "order_participants_order_idx" ON "order_participants" USING btree ("order_id","sort");--> statement-breakpoint
CREATE INDEX "order_products_order_idx" ON "order_products" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_team_number_uq" ON "orders" USING btree ("team_id","number");--> statement-breakpoint
CREATE INDEX "orders_team_id_idx" ON "orders" USING btree ("team_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_team_email_idx" ON "orders" USING btree ("team_id",lower("email"));--> statement-breakpoint
CREATE INDEX "orders_hold_idx" ON "orders" USING btree ("hold_until") WHERE payment_status = 'waiting';--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_external_uq" ON "payments" USING btree ("provider","external_id") WHERE external_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_slug_uq" ON "teams" USING btree (lower("slug"));