-- 0028_api_tokens: written by hand (issue 26, decision 029); the drizzle schema in
-- db/schema/integrations.ts mirrors it.
-- API tokens of a team: only the SHA-256 of the secret is stored (unique: the lookup of every
-- bearer request), with its last four characters for display. Revoked rows stay (revoked_at) so
-- the list can say when; a revoked token is refused by the same lookup, on every instance.
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"scopes" varchar(16)[] NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"last_four" varchar(4) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" varchar(64),
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_uq" ON "api_tokens" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "api_tokens_team_idx" ON "api_tokens" USING btree ("team_id","id") WHERE "api_tokens"."revoked_at" IS NULL;
