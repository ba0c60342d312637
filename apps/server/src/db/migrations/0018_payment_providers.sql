-- 0018_payment_providers: written by hand (issue 21 item 2); the drizzle schema in db/schema mirrors it.
-- A second payment provider (Datatrans: cards and TWINT) beside Stripe, with its credentials sealed
-- like Stripe's (secret-box, per team and column).
ALTER TABLE "team_selling_settings" ADD COLUMN "datatrans_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "team_selling_settings" ADD COLUMN "datatrans_merchant_id" varchar(20);
--> statement-breakpoint
ALTER TABLE "team_selling_settings" ADD COLUMN "datatrans_password_enc" text;
--> statement-breakpoint
ALTER TABLE "team_selling_settings" ADD COLUMN "datatrans_hmac_key_enc" text;
--> statement-breakpoint
ALTER TABLE "team_selling_settings" ADD COLUMN "datatrans_sandbox" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- One row per refund asked of a provider: reserved (pending) before the network call, its outcome
-- (succeeded / failed) recorded after it; the order is never locked while the provider is asked.
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"provider" varchar(16) NOT NULL,
	"amount_minor" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"idempotency_key" varchar(100) NOT NULL,
	"external_refund_id" varchar(200),
	"failure" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_ck" CHECK ("payment_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_key_uq" ON "payment_refunds" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "payment_refunds_order_idx" ON "payment_refunds" USING btree ("order_id");
