ALTER TABLE "activities" ADD COLUMN "next_session_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "activities_team_status_next_idx" ON "activities" USING btree ("team_id","status","next_session_at","id");--> statement-breakpoint
-- activities.next_session_at: the activity's next scheduled session after now(), kept by statement-level
-- triggers on activity_sessions (one UPDATE per statement, however many dates it inserts, moves, cancels
-- or deletes). Transition tables allow one event per trigger, hence three triggers on one function;
-- plpgsql plans a statement on first run, so each branch only names the tables its trigger has.
-- Writers of one activity's dates queue on its row (FOR NO KEY UPDATE, which the foreign key's KEY SHARE
-- does not block), and the UPDATE, a new statement with a new snapshot, then sees the dates the one
-- before committed: two transactions adding dates at once cannot leave the later date stored.
CREATE FUNCTION "activities_set_next_session"(ids integer[]) RETURNS void LANGUAGE sql VOLATILE AS $$
  SELECT 1 FROM "activities" WHERE "id" = ANY(ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "activities" a SET "next_session_at" = n.next_at
  FROM (
    SELECT c.id, (SELECT min(s."starts_at") FROM "activity_sessions" s
      WHERE s."activity_id" = c.id AND s."status" = 'scheduled' AND s."starts_at" > now()) AS next_at
    FROM (SELECT DISTINCT unnest(ids) AS id) c
  ) n
  WHERE a."id" = n.id AND a."next_session_at" IS DISTINCT FROM n.next_at;
$$;
--> statement-breakpoint
CREATE FUNCTION "activity_sessions_next_session_trg"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "activities_set_next_session"(ARRAY(SELECT "activity_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "activities_set_next_session"(ARRAY(SELECT "activity_id" FROM new_rows UNION SELECT "activity_id" FROM old_rows));
  ELSE
    PERFORM "activities_set_next_session"(ARRAY(SELECT "activity_id" FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_sessions_next_session_ins" AFTER INSERT ON "activity_sessions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "activity_sessions_next_session_trg"();
--> statement-breakpoint
CREATE TRIGGER "activity_sessions_next_session_upd" AFTER UPDATE ON "activity_sessions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "activity_sessions_next_session_trg"();
--> statement-breakpoint
CREATE TRIGGER "activity_sessions_next_session_del" AFTER DELETE ON "activity_sessions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "activity_sessions_next_session_trg"();
--> statement-breakpoint
UPDATE "activities" a SET "next_session_at" = (SELECT min(s."starts_at") FROM "activity_sessions" s
  WHERE s."activity_id" = a."id" AND s."status" = 'scheduled' AND s."starts_at" > now());
