-- 0022_instances_coordination: written by hand (issue 23, CONTRACT §7, decision 023); the drizzle
-- schema in db/schema/coordination.ts mirrors it.
-- Idempotency-Key of the public checkout's POSTs (orders, reservations), per team and kind of call.
CREATE TABLE "idempotency_keys" (
	"team_id" integer NOT NULL,
	"scope" varchar(16) NOT NULL,
	"key" varchar(255) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"reply_status" integer,
	"reply_body" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("team_id","scope","key"),
	CONSTRAINT "idempotency_keys_state_ck" CHECK ("idempotency_keys"."state" IN ('pending', 'done'))
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
--> statement-breakpoint
-- Periodic sweeps: one row per sweep, its tick claimed by one instance at a time (lib/periodic.ts).
CREATE TABLE "periodic_runs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"running_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone
);
--> statement-breakpoint
-- Finished jobs are pruned after some days (lib/job-prune.ts): the prune finds them through this
-- index, never by reading the open jobs or the whole table.
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("updated_at") WHERE status IN ('done', 'failed');
