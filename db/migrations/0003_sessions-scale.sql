CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "price_history_url_created_idx";--> statement-breakpoint
ALTER TABLE "scrape_tasks" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "price_history_url_latest_idx" ON "price_history" USING btree ("url_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- existing duplicates (a URL with several waiting or running tasks) keep the running or newest one
UPDATE "scrape_tasks" SET "status" = 'cancelled', "finished_at" = now(), "updated_at" = now(), "locked_by" = null,
  "error" = 'Tâche en double : un autre relevé de cette URL est déjà en file'
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "url_id" ORDER BY ("status" = 'processing') DESC, "created_at" DESC, "id") AS rn
    FROM "scrape_tasks" WHERE "status" IN ('pending', 'processing', 'retry') AND "url_id" IS NOT NULL
  ) d WHERE d.rn > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "scrape_tasks_url_active_unique" ON "scrape_tasks" USING btree ("url_id") WHERE "scrape_tasks"."status" in ('pending', 'processing', 'retry') and "scrape_tasks"."url_id" is not null;