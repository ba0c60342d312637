DROP INDEX "activities_team_created_idx";--> statement-breakpoint
DROP INDEX "activities_team_status_idx";--> statement-breakpoint
CREATE INDEX "activities_team_created_idx" ON "activities" USING btree ("team_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activities_team_status_idx" ON "activities" USING btree ("team_id","status","id");