DROP INDEX "product_urls_workspace_late_idx";--> statement-breakpoint
CREATE INDEX "product_urls_workspace_broken_state_idx" ON "product_urls" USING btree ("workspace_id",(case when "paused" then 'paused' when "last_status" = 'blocked' then 'blocked'
          when "last_status" in ('no_price', 'unreachable', 'error') then 'not_found'
          when "last_status" = 'uncertain' then 'uncertain' when "selector_lost_at" is not null then 'rule_lost' end),"id") WHERE (case when "product_urls"."paused" then 'paused' when "product_urls"."last_status" = 'blocked' then 'blocked'
          when "product_urls"."last_status" in ('no_price', 'unreachable', 'error') then 'not_found'
          when "product_urls"."last_status" = 'uncertain' then 'uncertain' when "product_urls"."selector_lost_at" is not null then 'rule_lost' end) is not null;--> statement-breakpoint
CREATE INDEX "product_urls_workspace_late_idx" ON "product_urls" USING btree ("workspace_id","tracking_frequency",coalesce("last_checked_at", "created_at"),"id") WHERE not "product_urls"."paused" and "product_urls"."last_status" not in ('blocked', 'no_price', 'unreachable', 'error', 'uncertain') and "product_urls"."selector_lost_at" is null;--> statement-breakpoint
-- the count of each state in a filter of the list (lib/health/health-sql.ts brokenStateOf), which the partial index
-- above does not give the planner: without it a state seems to hold a handful of URLs, read all through a bitmap and
-- sorted, instead of the page's few in the index's id order
CREATE STATISTICS "product_urls_broken_state_stats" ON (case when "paused" then 'paused' when "last_status" = 'blocked' then 'blocked'
          when "last_status" in ('no_price', 'unreachable', 'error') then 'not_found'
          when "last_status" = 'uncertain' then 'uncertain' when "selector_lost_at" is not null then 'rule_lost' end) FROM "product_urls";
