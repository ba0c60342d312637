-- 0024_catalogue_versions: written by hand (issue 23 item 2, decision 026). A version per team that
-- every change of what the public catalogue, the team's public data or its shop page show moves, in
-- the transaction of the change (statement-level triggers below). Each instance keeps rendered public
-- reads in memory keyed by it (lib/public-cache.ts) and reads the versions changed lately every 2 s.
-- Sales counters (tickets.sold, products.sold) and seat holds do not move it: availability in a cached
-- read is refreshed by the cache's age limit instead, so checkouts never queue on one row per team.
-- No foreign key to teams: a team's deletion cascades into its tables, whose triggers still write here.
CREATE SEQUENCE "catalogue_version_seq";
--> statement-breakpoint
CREATE TABLE "catalogue_versions" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_versions_changed_idx" ON "catalogue_versions" USING btree ("changed_at");
--> statement-breakpoint
CREATE FUNCTION bookla_bump_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_versions (team_id, version)
		SELECT c.team_id, nextval('catalogue_version_seq') FROM (SELECT DISTINCT team_id FROM changed) c
		ORDER BY c.team_id
	ON CONFLICT (team_id) DO UPDATE SET version = EXCLUDED.version, changed_at = now();
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Updates of tables with sales counters name their columns (the counters left out), and a trigger
-- with a column list cannot see the statement's rows: one per changed row (staff edits, few rows).
CREATE FUNCTION bookla_bump_catalogue_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_versions (team_id, version) VALUES (NEW.team_id, nextval('catalogue_version_seq'))
	ON CONFLICT (team_id) DO UPDATE SET version = EXCLUDED.version, changed_at = now();
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION bookla_bump_catalogue_team_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_versions (team_id, version) VALUES (NEW.id, nextval('catalogue_version_seq'))
	ON CONFLICT (team_id) DO UPDATE SET version = EXCLUDED.version, changed_at = now();
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION bookla_bump_catalogue_team() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO catalogue_versions (team_id, version)
		SELECT c.id, nextval('catalogue_version_seq') FROM (SELECT DISTINCT id FROM changed) c ORDER BY c.id
	ON CONFLICT (team_id) DO UPDATE SET version = EXCLUDED.version, changed_at = now();
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activities_catalogue_insert" AFTER INSERT ON "activities"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activities_catalogue_delete" AFTER DELETE ON "activities"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activities_catalogue_update" AFTER UPDATE ON "activities"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activity_sessions_catalogue_insert" AFTER INSERT ON "activity_sessions"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activity_sessions_catalogue_delete" AFTER DELETE ON "activity_sessions"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activity_sessions_catalogue_update" AFTER UPDATE ON "activity_sessions"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "tickets_catalogue_insert" AFTER INSERT ON "tickets"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "tickets_catalogue_delete" AFTER DELETE ON "tickets"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "tickets_catalogue_update" AFTER UPDATE OF "id", "activity_id", "session_id", "name", "price_minor", "currency", "stock", "sale_start", "sale_end", "tax_rate_bp", "min_per_order", "max_per_order", "description", "visibility", "sort", "team_id" ON "tickets"
	FOR EACH ROW EXECUTE FUNCTION bookla_bump_catalogue_row();
--> statement-breakpoint
CREATE TRIGGER "locations_catalogue_insert" AFTER INSERT ON "locations"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "locations_catalogue_delete" AFTER DELETE ON "locations"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "locations_catalogue_update" AFTER UPDATE ON "locations"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "type_sets_catalogue_insert" AFTER INSERT ON "type_sets"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "type_sets_catalogue_delete" AFTER DELETE ON "type_sets"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "type_sets_catalogue_update" AFTER UPDATE ON "type_sets"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "attributes_catalogue_insert" AFTER INSERT ON "attributes"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "attributes_catalogue_delete" AFTER DELETE ON "attributes"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "attributes_catalogue_update" AFTER UPDATE ON "attributes"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "type_set_attributes_catalogue_insert" AFTER INSERT ON "type_set_attributes"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "type_set_attributes_catalogue_delete" AFTER DELETE ON "type_set_attributes"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "type_set_attributes_catalogue_update" AFTER UPDATE ON "type_set_attributes"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activity_attribute_values_catalogue_insert" AFTER INSERT ON "activity_attribute_values"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activity_attribute_values_catalogue_delete" AFTER DELETE ON "activity_attribute_values"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activity_attribute_values_catalogue_update" AFTER UPDATE ON "activity_attribute_values"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "booking_fields_catalogue_insert" AFTER INSERT ON "booking_fields"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "booking_fields_catalogue_delete" AFTER DELETE ON "booking_fields"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "booking_fields_catalogue_update" AFTER UPDATE ON "booking_fields"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "type_set_fields_catalogue_insert" AFTER INSERT ON "type_set_fields"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "type_set_fields_catalogue_delete" AFTER DELETE ON "type_set_fields"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "type_set_fields_catalogue_update" AFTER UPDATE ON "type_set_fields"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activity_fields_catalogue_insert" AFTER INSERT ON "activity_fields"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activity_fields_catalogue_delete" AFTER DELETE ON "activity_fields"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activity_fields_catalogue_update" AFTER UPDATE ON "activity_fields"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_insert" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_delete" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_update" AFTER UPDATE OF "id", "name", "description", "price_minor", "currency", "tax_rate_bp", "stock", "scope", "min_per_order", "max_per_order", "active", "sort", "team_id" ON "products"
	FOR EACH ROW EXECUTE FUNCTION bookla_bump_catalogue_row();
--> statement-breakpoint
CREATE TRIGGER "activity_products_catalogue_insert" AFTER INSERT ON "activity_products"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activity_products_catalogue_delete" AFTER DELETE ON "activity_products"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "activity_products_catalogue_update" AFTER UPDATE ON "activity_products"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "team_selling_settings_catalogue_insert" AFTER INSERT ON "team_selling_settings"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "team_selling_settings_catalogue_delete" AFTER DELETE ON "team_selling_settings"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "team_selling_settings_catalogue_update" AFTER UPDATE ON "team_selling_settings"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue();
--> statement-breakpoint
CREATE TRIGGER "teams_catalogue_insert" AFTER INSERT ON "teams"
	REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue_team();
--> statement-breakpoint
CREATE TRIGGER "teams_catalogue_delete" AFTER DELETE ON "teams"
	REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bookla_bump_catalogue_team();
--> statement-breakpoint
CREATE TRIGGER "teams_catalogue_update" AFTER UPDATE OF "id", "name", "owner_id", "phone_prefix", "phone_number", "currency", "languages", "time_zone", "billing_address", "billing_city", "billing_state", "billing_postal_code", "billing_country", "vat_id", "logo_path", "features", "primary_color", "slug" ON "teams"
	FOR EACH ROW EXECUTE FUNCTION bookla_bump_catalogue_team_row();
