ALTER TABLE "workspace_members" ADD COLUMN "alert_mode" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "report_frequency" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
-- The workspace's first owner (until now the only recipient) keeps their alert mode and the workspace's report
-- frequency; every other member starts at 'none' / 'off'.
UPDATE "workspace_members" m SET
  "alert_mode" = u."alert_mode",
  "report_frequency" = coalesce((SELECT p."frequency" FROM "report_preferences" p WHERE p."workspace_id" = m."workspace_id"), 'off')
FROM "users" u
WHERE u."id" = m."user_id" AND m."user_id" = (
  SELECT o."user_id" FROM "workspace_members" o
  WHERE o."workspace_id" = m."workspace_id" AND o."role" = 'owner'
  ORDER BY o."created_at", o."user_id" LIMIT 1
);
