-- 0019_vat_registered: written by hand (issue 22 item 1); the drizzle schema in db/schema mirrors it.
-- `team_selling_settings.charges_vat` is the team's "registered for VAT" choice. Most small studios
-- are not registered: a team charges no VAT until it says it is (a VAT id at sign-up, the choice at
-- sign-up or in the tax settings), so the default turns to false.
ALTER TABLE "team_selling_settings" ALTER COLUMN "charges_vat" SET DEFAULT false;
--> statement-breakpoint
-- Existing teams: registered iff they have a VAT id. A row charging VAT without a number of its own
-- takes the company's VAT id (what its invoices printed already) ...
UPDATE "team_selling_settings" s SET "vat_number" = t."vat_id", "updated_at" = now()
  FROM "teams" t
  WHERE t."id" = s."team_id" AND s."charges_vat" AND coalesce(s."vat_number", '') = '' AND coalesce(t."vat_id", '') <> '';
--> statement-breakpoint
-- ... and one with no VAT id at all was charging VAT by the old default only: it stops.
UPDATE "team_selling_settings" SET "charges_vat" = false, "updated_at" = now()
  WHERE "charges_vat" AND coalesce("vat_number", '') = '';
--> statement-breakpoint
-- A team that never saved selling settings but gave a VAT id at sign-up keeps charging VAT with it
-- (it did by the old default); a row with the other defaults is written for it.
INSERT INTO "team_selling_settings" ("team_id", "charges_vat", "vat_number")
  SELECT t."id", true, t."vat_id" FROM "teams" t
  WHERE coalesce(t."vat_id", '') <> ''
    AND NOT EXISTS (SELECT 1 FROM "team_selling_settings" s WHERE s."team_id" = t."id");
