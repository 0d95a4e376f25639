-- Last copy of the per-user values (0022 copied them already; nothing has written them since) into the first
-- owner's member row, only where that row still holds both defaults, so no choice made since is overwritten.
UPDATE "workspace_members" m SET
  "alert_mode" = u."alert_mode",
  "report_frequency" = coalesce((SELECT p."frequency" FROM "report_preferences" p WHERE p."workspace_id" = m."workspace_id"), 'off')
FROM "users" u
WHERE u."id" = m."user_id" AND m."alert_mode" = 'none' AND m."report_frequency" = 'off' AND m."user_id" = (
  SELECT o."user_id" FROM "workspace_members" o
  WHERE o."workspace_id" = m."workspace_id" AND o."role" = 'owner'
  ORDER BY o."created_at", o."user_id" LIMIT 1
);--> statement-breakpoint
DROP TABLE "report_preferences" CASCADE;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "alert_mode";