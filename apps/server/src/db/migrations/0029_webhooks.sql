-- 0029_webhooks: written by hand (issue 26, CONTRACT §8, decision 030); the drizzle schema in
-- db/schema/webhooks.ts mirrors it.
-- A team's endpoints: where its events go, signed with the endpoint's secret (sealed, lib/secret-box.ts).
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"url" varchar(2000) NOT NULL,
	"events" varchar(40)[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_hint" varchar(16) NOT NULL,
	"previous_secret_sealed" text,
	"previous_secret_until" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" varchar(16),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_disabled_ck" CHECK ("disabled_reason" IS NULL OR "disabled_reason" IN ('failing', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_team_idx" ON "webhook_endpoints" USING btree ("team_id","id");
--> statement-breakpoint
-- What happened, written by the triggers below in the transaction that made it happen (only while
-- the team has an endpoint for it); fanned out to deliveries by the background sweep.
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"team_id" integer NOT NULL,
	"type" varchar(40) NOT NULL,
	"source" varchar(16) NOT NULL,
	"source_id" integer NOT NULL,
	"source_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"endpoint_id" integer,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_endpoint_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_public_uq" ON "webhook_events" USING btree ("public_id");
--> statement-breakpoint
CREATE INDEX "webhook_events_waiting_idx" ON "webhook_events" USING btree ("id") WHERE "fanned_out_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");
--> statement-breakpoint
-- One event to one endpoint: sent in id order per endpoint, retried with backoff.
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_failed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_status" integer,
	"last_duration_ms" integer,
	"last_response" varchar(1000),
	"last_error" varchar(500),
	"request_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_ck" CHECK ("status" IN ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id") WHERE "status" = 'pending';
--> statement-breakpoint
-- An event of a team, when one of its endpoints (switched on) wants it.
CREATE OR REPLACE FUNCTION bookla_webhook_event(p_team integer, p_type text, p_source text, p_source_id integer, p_data jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.team_id = p_team AND e.enabled AND p_type = ANY (e.events)) THEN
		INSERT INTO webhook_events (team_id, type, source, source_id, source_data) VALUES (p_team, p_type, p_source, p_source_id, coalesce(p_data, '{}'::jsonb));
	END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bookla_order_event_webhook() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE kind text;
BEGIN
	kind := CASE NEW.type
		WHEN 'created' THEN 'order.created'
		WHEN 'paid' THEN 'order.paid'
		WHEN 'cancelled' THEN 'order.cancelled'
		WHEN 'expired' THEN 'order.cancelled'
		WHEN 'refunded' THEN 'order.refunded'
		WHEN 'checked_in' THEN 'participant.checked_in'
		ELSE NULL END;
	IF kind IS NOT NULL THEN
		PERFORM bookla_webhook_event(NEW.team_id, kind, 'order', NEW.order_id, NEW.data || jsonb_build_object('order_event', NEW.type));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_events_webhook" AFTER INSERT ON "order_events" FOR EACH ROW EXECUTE FUNCTION bookla_order_event_webhook();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bookla_waitinglist_event_webhook() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.type = 'offered' THEN
		PERFORM bookla_webhook_event(NEW.team_id, 'waitinglist.offered', 'waitinglist', NEW.entry_id, NEW.data);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "waiting_list_events_webhook" AFTER INSERT ON "waiting_list_events" FOR EACH ROW EXECUTE FUNCTION bookla_waitinglist_event_webhook();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bookla_membership_event_webhook() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bookla_webhook_event(NEW.team_id, 'membership.changed', 'membership', NEW.membership_id, jsonb_build_object('change', NEW.kind, 'credits', NEW.credits));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "membership_events_webhook" AFTER INSERT ON "membership_events" FOR EACH ROW EXECUTE FUNCTION bookla_membership_event_webhook();
