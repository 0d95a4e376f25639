CREATE TABLE "host_politeness" (
	"host" text PRIMARY KEY NOT NULL,
	"max_concurrent" integer,
	"min_spacing_ms" integer,
	"next_start_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "product_urls_due_idx";--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD COLUMN "host" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD COLUMN "page_key" text;--> statement-breakpoint
CREATE INDEX "scrape_tasks_claim_idx" ON "scrape_tasks" USING btree ("host",(case "priority" when 'high' then 0 when 'normal' then 1 else 2 end),"run_at","created_at") WHERE "scrape_tasks"."status" in ('pending', 'retry');--> statement-breakpoint
CREATE INDEX "scrape_tasks_active_host_idx" ON "scrape_tasks" USING btree ("host","status") WHERE "scrape_tasks"."status" in ('pending', 'processing', 'retry');--> statement-breakpoint
CREATE INDEX "scrape_tasks_page_idx" ON "scrape_tasks" USING btree ("workspace_id","page_key") WHERE "scrape_tasks"."status" in ('pending', 'retry');--> statement-breakpoint
CREATE INDEX "product_urls_due_idx" ON "product_urls" USING btree ("next_check_at","id") WHERE "product_urls"."paused" = false;--> statement-breakpoint
-- tasks waiting or running when this migration runs: their host and page as enqueueScrape now writes them
UPDATE "scrape_tasks" SET "host" = coalesce(lower(substring("url", '^[a-zA-Z]+://(?:[^@/]*@)?([^/:?#]+)')), ''),
  "page_key" = CASE WHEN "url_id" IS NOT NULL THEN "workspace_id"::text || ' ' || "url" END
  WHERE "status" IN ('pending', 'processing', 'retry');
