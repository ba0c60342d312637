-- 0026_idempotency_committed: written by hand (issue 23, decision 023 amended); the drizzle schema
-- in db/schema/coordination.ts mirrors it.
-- What a keyed call committed (orders: the order's id), written in the order's own statement, so a
-- reply lost after the commit (5xx, a dropped connection, a killed process) never frees the key:
-- a repeat answers the committed order instead of placing another.
ALTER TABLE "idempotency_keys" ADD COLUMN "committed_id" integer;
