-- 0016_order_links: written by hand (issue 20 items 12 and 16); the drizzle schema in db/schema mirrors it.
--
-- Public order URLs carry a random public id (122 random bits) instead of the sequential
-- `orders.id`; existing orders get theirs here (a volatile default is evaluated per row).
-- `link_version` is part of every order link's HMAC: bumping it (staff: "revoke links") ends every
-- link sent so far.
ALTER TABLE "orders" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_public_id_uq" ON "orders" USING btree ("public_id");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "link_version" integer DEFAULT 0 NOT NULL;
