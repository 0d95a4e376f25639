ALTER TABLE "alert_rules" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "failure_threshold" integer;--> statement-breakpoint
CREATE INDEX "product_urls_workspace_id_idx" ON "product_urls" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "product_urls_workspace_broken_idx" ON "product_urls" USING btree ("workspace_id","id") WHERE "product_urls"."paused" or "product_urls"."last_status" not in ('ok', 'pending') or "product_urls"."selector_lost_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_rules_workspace_monitoring_unique" ON "alert_rules" USING btree ("workspace_id") WHERE "alert_rules"."kind" = 'monitoring_stopped';