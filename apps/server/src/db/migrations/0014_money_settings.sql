-- 0014_money_settings: written by hand (see the issue-20 work); the drizzle schema in db/schema mirrors it.
SELECT 1;
