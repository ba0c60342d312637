-- 0030_membership_cards: written by hand (issue 24, decision 027 "card renewals"); the drizzle
-- schema (db/schema/selling.ts `payments`, db/schema/subscriptions.ts `memberships`) mirrors it.
-- A payment that kept the card for renewals: the provider's reference (Stripe customer + payment
-- method, a Datatrans alias, a test card), sealed (lib/secret-box.ts), and what the provider says
-- of the card (brand, last four digits). Never a card number.
ALTER TABLE "payments" ADD COLUMN "saved_card" text;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_label" varchar(40);
--> statement-breakpoint
-- A charge of a saved card (a renewal): the key the provider gets (one per renewal order), when a
-- sweep claimed the call, and the provider's reason when it was declined.
ALTER TABLE "payments" ADD COLUMN "idempotency_key" varchar(200);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_claimed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure" varchar(200);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_uq" ON "payments" USING btree ("idempotency_key") WHERE "idempotency_key" IS NOT NULL;
--> statement-breakpoint
-- The membership's saved card: the payment that kept it (renewals are charged to it).
ALTER TABLE "memberships" ADD COLUMN "card_payment_id" integer;
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_card_payment_id_payments_id_fk" FOREIGN KEY ("card_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;
