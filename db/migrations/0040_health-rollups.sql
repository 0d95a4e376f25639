CREATE TABLE "shop_check_days" (
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"shop" text NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"scheduled" integer DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"durations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "shop_check_days_workspace_id_day_shop_pk" PRIMARY KEY("workspace_id","day","shop")
);
--> statement-breakpoint
CREATE TABLE "shop_url_counts" (
	"workspace_id" uuid NOT NULL,
	"shop" text NOT NULL,
	"urls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_url_counts_workspace_id_shop_pk" PRIMARY KEY("workspace_id","shop")
);
--> statement-breakpoint
ALTER TABLE "shop_check_days" ADD CONSTRAINT "shop_check_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_url_counts" ADD CONSTRAINT "shop_url_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_urls_workspace_state_idx" ON "product_urls" USING btree ("workspace_id","paused","last_status","selector_lost_at") WHERE "product_urls"."paused" or "product_urls"."last_status" not in ('ok', 'pending') or "product_urls"."selector_lost_at" is not null;--> statement-breakpoint
CREATE INDEX "product_urls_workspace_late_idx" ON "product_urls" USING btree ("workspace_id","tracking_frequency",coalesce("last_checked_at", "created_at")) WHERE not "product_urls"."paused" and "product_urls"."last_status" not in ('blocked', 'no_price', 'unreachable', 'error', 'uncertain') and "product_urls"."selector_lost_at" is null;--> statement-breakpoint
CREATE INDEX "scrape_tasks_workspace_waiting_idx" ON "scrape_tasks" USING btree ("workspace_id","created_at") WHERE "scrape_tasks"."status" in ('pending', 'processing', 'retry') and "scrape_tasks"."trigger" = 'schedule';
--> statement-breakpoint
-- The data-health screen at size (issue 25.4): the freshness figure and the per-shop statistics read 7 rows per
-- shop of shop_check_days, and the URLs per shop one row each of shop_url_counts, instead of 7 days of checks and
-- every URL of the workspace. A fetch time is kept rounded down to 2 significant digits (to the ms under 100 ms),
-- the key of its bucket: the median is exact to 10 % (below); at most 550 buckets.
CREATE FUNCTION "health_shop_of"(url text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(lower(substring(url, '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/]*@)?([^/:?#]+)')), '^www\.', '')
$$;
--> statement-breakpoint
CREATE FUNCTION "health_duration_key"(ms float8) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN ms IS NULL THEN NULL
    WHEN ms < 100 THEN greatest(floor(ms), 0)::int
    ELSE (floor(least(ms, 9999999) / 10 ^ (length(floor(least(ms, 9999999))::bigint::text) - 2))
          * 10 ^ (length(floor(least(ms, 9999999))::bigint::text) - 2))::int END
$$;
--> statement-breakpoint
-- The checks `ids` just finished (completed or failed), added to their workspace, shop and day: the shop as
-- getShopStats named it, the deadline of a scheduled check as getFreshness computed it (its URL's period under the
-- workspace's plan, after the previous reading the sweep recorded, or the history's). Rows in key order.
CREATE FUNCTION "shop_check_days_add"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "shop_check_days" AS d ("workspace_id", "day", "shop", "checks", "succeeded", "scheduled", "on_time", "durations")
  SELECT g."workspace_id", g."day", g."shop", sum(g."checks"), sum(g."succeeded"), sum(g."scheduled"), sum(g."on_time"),
         coalesce(jsonb_object_agg(g."ms", g."timed") FILTER (WHERE g."ms" IS NOT NULL), '{}'::jsonb)
    FROM (SELECT x."workspace_id", x."day", x."shop", x."ms", count(*) AS "checks",
                 count(*) FILTER (WHERE x."status" = 'completed') AS "succeeded",
                 count(*) FILTER (WHERE x."period" IS NOT NULL) AS "scheduled",
                 count(*) FILTER (WHERE x."status" = 'completed' AND x."finished_at" <=
                   (CASE WHEN x."prev" IS NULL OR x."prev" < x."created_at" - 2 * x."period" THEN x."created_at"
                     ELSE x."prev" + x."period" END) + x."period" * 0.25::float8) AS "on_time",
                 count(*) FILTER (WHERE x."ms" IS NOT NULL) AS "timed"
            FROM (SELECT t."workspace_id", (t."created_at" AT TIME ZONE 'UTC')::date AS "day",
                         coalesce(CASE WHEN t."host" <> '' THEN regexp_replace(t."host", '^www\.', '')
                           ELSE "health_shop_of"(t."url") END, '') AS "shop",
                         t."status", t."created_at", t."finished_at",
                         "health_duration_key"(extract(epoch FROM t."finished_at" - t."started_at") * 1000) AS "ms",
                         CASE WHEN t."trigger" = 'schedule' AND pu."id" IS NOT NULL THEN
                           CASE pu."tracking_frequency" WHEN 'hourly' THEN CASE WHEN coalesce(
                               CASE WHEN s."id" IS NOT NULL AND s."status" NOT IN ('canceled', 'incomplete', 'unpaid') THEN p."has_automation" END,
                               (SELECT f."has_automation" FROM "plans" f WHERE f."code" = 'freemium'), false)
                             THEN interval '1 hour' ELSE interval '1 day' END
                             WHEN 'daily' THEN interval '1 day' ELSE interval '7 days' END END AS "period",
                         CASE WHEN t."trigger" <> 'schedule' OR pu."id" IS NULL THEN NULL
                           WHEN t."metadata" ? 'prev_reading_at' THEN (t."metadata"->>'prev_reading_at')::timestamptz
                           ELSE (SELECT ph."created_at" FROM "price_history" ph WHERE ph."url_id" = t."url_id"
                                   AND ph."created_at" < t."created_at" ORDER BY ph."created_at" DESC LIMIT 1) END AS "prev"
                    FROM unnest(ids) i("id") JOIN "scrape_tasks" t ON t."id" = i."id"
                    LEFT JOIN "product_urls" pu ON pu."id" = t."url_id"
                    LEFT JOIN "subscriptions" s ON s."workspace_id" = t."workspace_id"
                    LEFT JOIN "plans" p ON p."id" = s."plan_id"
                   WHERE t."status" IN ('completed', 'failed')
                     AND EXISTS (SELECT 1 FROM "workspaces" w WHERE w."id" = t."workspace_id")) x
           GROUP BY 1, 2, 3, 4) g
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT ("workspace_id", "day", "shop") DO UPDATE SET
    "checks" = d."checks" + excluded."checks", "succeeded" = d."succeeded" + excluded."succeeded",
    "scheduled" = d."scheduled" + excluded."scheduled", "on_time" = d."on_time" + excluded."on_time",
    "durations" = CASE WHEN excluded."durations" = '{}'::jsonb THEN d."durations" ELSE
      (SELECT jsonb_object_agg(m."k", m."n") FROM (SELECT e."k", sum(e."v"::int) AS "n"
         FROM (SELECT * FROM jsonb_each_text(d."durations") UNION ALL SELECT * FROM jsonb_each_text(excluded."durations")) e("k", "v")
        GROUP BY e."k") m) END
$$;
--> statement-breakpoint
-- A statement that finishes no check (a claim, a lease renewed, a retry queued) writes nothing.
CREATE FUNCTION "shop_check_days_on_scrape_tasks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n."id") INTO ids FROM new_rows n WHERE n."status" IN ('completed', 'failed');
  ELSE
    SELECT array_agg(n."id") INTO ids FROM old_rows o JOIN new_rows n ON n."id" = o."id"
     WHERE n."status" IN ('completed', 'failed') AND o."status" NOT IN ('completed', 'failed');
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM "shop_check_days_add"(ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shop_check_days_task_insert" AFTER INSERT ON "scrape_tasks"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_check_days_on_scrape_tasks"();
--> statement-breakpoint
CREATE TRIGGER "shop_check_days_task_update" AFTER UPDATE ON "scrape_tasks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_check_days_on_scrape_tasks"();
--> statement-breakpoint
-- the last 8 days' checks (the screen reads 7): the older ones are never read
SELECT "shop_check_days_add"(array(SELECT "id" FROM "scrape_tasks" WHERE "status" IN ('completed', 'failed')
  AND "created_at" >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '7 days'));
--> statement-breakpoint
-- a URL's shop as getShopStats names it; the rows a statement added count +1, those it removed -1 (an update
-- that changes an address is both), in key order; nothing for a workspace being deleted (its URLs' cascade)
CREATE FUNCTION "shop_url_counts_add"(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "shop_url_counts" AS c ("workspace_id", "shop", "urls")
  SELECT x."workspace_id", coalesce("health_shop_of"(x."url"), ''), sum(x."n")::int
    FROM jsonb_to_recordset(deltas) AS x("workspace_id" uuid, "url" text, "n" int)
   WHERE EXISTS (SELECT 1 FROM "workspaces" w WHERE w."id" = x."workspace_id")
   GROUP BY 1, 2 HAVING sum(x."n") <> 0
   ORDER BY 1, 2
  ON CONFLICT ("workspace_id", "shop") DO UPDATE SET "urls" = c."urls" + excluded."urls"
$$;
--> statement-breakpoint
CREATE FUNCTION "shop_url_counts_on_product_urls"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('workspace_id', n."workspace_id", 'url', n."url", 'n', 1)) INTO deltas FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('workspace_id', o."workspace_id", 'url', o."url", 'n', -1)) INTO deltas FROM old_rows o;
  ELSE
    SELECT jsonb_agg(d) INTO deltas
      FROM (SELECT jsonb_build_object('workspace_id', o."workspace_id", 'url', o."url", 'n', -1) AS d
              FROM old_rows o JOIN new_rows n ON n."id" = o."id"
             WHERE n."url" IS DISTINCT FROM o."url" OR n."workspace_id" <> o."workspace_id"
            UNION ALL
            SELECT jsonb_build_object('workspace_id', n."workspace_id", 'url', n."url", 'n', 1)
              FROM old_rows o JOIN new_rows n ON n."id" = o."id"
             WHERE n."url" IS DISTINCT FROM o."url" OR n."workspace_id" <> o."workspace_id") c;
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM "shop_url_counts_add"(deltas);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "shop_url_counts_url_insert" AFTER INSERT ON "product_urls"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_url_counts_on_product_urls"();
--> statement-breakpoint
CREATE TRIGGER "shop_url_counts_url_update" AFTER UPDATE ON "product_urls"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_url_counts_on_product_urls"();
--> statement-breakpoint
CREATE TRIGGER "shop_url_counts_url_delete" AFTER DELETE ON "product_urls"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "shop_url_counts_on_product_urls"();
--> statement-breakpoint
INSERT INTO "shop_url_counts" ("workspace_id", "shop", "urls")
SELECT "workspace_id", coalesce("health_shop_of"("url"), ''), count(*)::int FROM "product_urls" GROUP BY 1, 2;
