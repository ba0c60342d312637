DROP INDEX "jobs_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("run_at","id") WHERE status IN ('queued', 'running');