CREATE TABLE "alert_email_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"delivery" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_email_deliveries_event_user_uq" UNIQUE("event_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "report_sends" DROP CONSTRAINT "report_sends_workspace_period_uq";--> statement-breakpoint
ALTER TABLE "report_sends" ADD COLUMN "user_id" uuid;--> statement-breakpoint
-- Reports sent so far went to the workspace's first owner.
UPDATE "report_sends" r SET "user_id" = (
  SELECT o."user_id" FROM "workspace_members" o
  WHERE o."workspace_id" = r."workspace_id" AND o."role" = 'owner'
  ORDER BY o."created_at", o."user_id" LIMIT 1
);--> statement-breakpoint
DELETE FROM "report_sends" WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "report_sends" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_email_deliveries" ADD CONSTRAINT "alert_email_deliveries_event_id_alert_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."alert_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_email_deliveries" ADD CONSTRAINT "alert_email_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_email_deliveries" ADD CONSTRAINT "alert_email_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_email_deliveries_due_idx" ON "alert_email_deliveries" USING btree ("delivery","status");--> statement-breakpoint
CREATE INDEX "alert_email_deliveries_member_idx" ON "alert_email_deliveries" USING btree ("workspace_id","user_id");--> statement-breakpoint
ALTER TABLE "report_sends" ADD CONSTRAINT "report_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sends" ADD CONSTRAINT "report_sends_member_period_uq" UNIQUE("workspace_id","user_id","period_key");--> statement-breakpoint
-- Alerts still waiting for their e-mail are owed to every member who chose alert e-mails, in that member's mode.
INSERT INTO "alert_email_deliveries" ("event_id", "user_id", "workspace_id", "delivery", "created_at")
SELECT e."id", m."user_id", e."workspace_id", m."alert_mode", e."created_at"
FROM "alert_events" e
JOIN "workspace_members" m ON m."workspace_id" = e."workspace_id" AND m."alert_mode" <> 'none'
WHERE e."status" IN ('pending', 'failed') AND e."delivery" IN ('instant', 'digest')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
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