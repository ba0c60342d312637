-- 0023_storage_keys: written by hand (issue 23, CONTRACT §7 STORAGE_URL, decision 024).
-- Company logos move from DATA_DIR/uploads/teams/{team}/logo-….{ext} into the app's storage
-- under the key logos/{team}/logo-….{ext}; teams.logo_path holds that key from now on. The files
-- themselves are moved at start-up (lib/storage-migration.ts). The file name (logo-{random}) stays,
-- so the logo's public URL (/avatar/team/{id}?v=…) does not change.
-- Its journal time is after 0024's: databases that ran 0024 before this file existed run it too
-- (drizzle applies what is newer than the newest applied); on a fresh database 0023 runs first.
UPDATE "teams" SET "logo_path" = 'logos/' || substr("logo_path", length('uploads/teams/') + 1)
WHERE "logo_path" LIKE 'uploads/teams/%';
