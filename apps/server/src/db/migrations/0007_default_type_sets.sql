-- Teams created before type sets were seeded at team creation get the defaults, so reading
-- GET /api/course/type_sets never has to write them (issue 8). Same rows as
-- createDefaultTypeSets (features/catalogue/setup/type-sets.service.ts).
INSERT INTO "type_sets" ("team_id", "name", "kind", "sort")
SELECT t."id", d."name", d."kind", d."sort"
FROM "teams" t
CROSS JOIN (VALUES
  ('{"de": "Kurs", "en": "Course", "fr": "Cours"}'::jsonb, 'course', 1),
  ('{"de": "Event", "en": "Event", "fr": "Événement"}'::jsonb, 'event', 2)
) AS d("name", "kind", "sort")
WHERE NOT EXISTS (SELECT 1 FROM "type_sets" s WHERE s."team_id" = t."id");
