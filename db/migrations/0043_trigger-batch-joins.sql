-- Statement triggers on big batches, as migration 0032: these joins of a statement's old_rows with its new_rows
-- were planned once per connection, at their first firing. An upsert fires its UPDATE triggers with no row, so that
-- plan expected one row on each side and became a nested loop: 20,000 products' first prices (product_market
-- updated for 20,000 products) compared 18,000 × 20,000 rows in market_trend_ensure's argument alone (105 s). Above 64
-- rows each join is now planned at each firing (EXECUTE sees the transition tables); below, the cached plan serves.
CREATE OR REPLACE FUNCTION price_history_corrected_on_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  urls uuid[];
  days date[];
BEGIN
  IF (SELECT count(*) FROM new_rows) > 64 THEN
    EXECUTE 'SELECT array_agg("url_id"), array_agg(day)
    FROM (SELECT DISTINCT n."url_id", (n."created_at" AT TIME ZONE ''Europe/Paris'')::date AS day
            FROM new_rows n JOIN old_rows o ON o."id" = n."id"
           WHERE n."corrected_by" IS DISTINCT FROM o."corrected_by") k' INTO urls, days;
  ELSE
    SELECT array_agg("url_id"), array_agg(day) INTO urls, days
      FROM (SELECT DISTINCT n."url_id", (n."created_at" AT TIME ZONE 'Europe/Paris')::date AS day
              FROM new_rows n JOIN old_rows o ON o."id" = n."id"
             WHERE n."corrected_by" IS DISTINCT FROM o."corrected_by") k;
  END IF;
  IF urls IS NOT NULL THEN
    PERFORM "price_daily_recompute"(urls, days);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION price_history_changed_on_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF (SELECT count(*) FROM new_rows) > 64 THEN
    EXECUTE 'SELECT "product_urls_changed_refresh"(ARRAY(
    SELECT DISTINCT n."url_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
     WHERE n."corrected_by" IS DISTINCT FROM o."corrected_by"))';
  ELSE
    PERFORM "product_urls_changed_refresh"(ARRAY(
      SELECT DISTINCT n."url_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
       WHERE n."corrected_by" IS DISTINCT FROM o."corrected_by"));
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_check_days_on_scrape_tasks()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n."id") INTO ids FROM new_rows n WHERE n."status" IN ('completed', 'failed');
  ELSE
    IF (SELECT count(*) FROM new_rows) > 64 THEN
      EXECUTE 'SELECT array_agg(n."id") FROM old_rows o JOIN new_rows n ON n."id" = o."id"
     WHERE n."status" IN (''completed'', ''failed'') AND o."status" NOT IN (''completed'', ''failed'')' INTO ids;
    ELSE
      SELECT array_agg(n."id") INTO ids FROM old_rows o JOIN new_rows n ON n."id" = o."id"
       WHERE n."status" IN ('completed', 'failed') AND o."status" NOT IN ('completed', 'failed');
    END IF;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM "shop_check_days_add"(ids);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_url_counts_on_product_urls()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('workspace_id', n."workspace_id", 'url', n."url", 'n', 1)) INTO deltas FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('workspace_id', o."workspace_id", 'url', o."url", 'n', -1)) INTO deltas FROM old_rows o;
  ELSE
    IF (SELECT count(*) FROM new_rows) > 64 THEN
      EXECUTE 'SELECT jsonb_agg(d)
      FROM (SELECT jsonb_build_object(''workspace_id'', o."workspace_id", ''url'', o."url", ''n'', -1) AS d
              FROM old_rows o JOIN new_rows n ON n."id" = o."id"
             WHERE n."url" IS DISTINCT FROM o."url" OR n."workspace_id" <> o."workspace_id"
            UNION ALL
            SELECT jsonb_build_object(''workspace_id'', n."workspace_id", ''url'', n."url", ''n'', 1)
              FROM old_rows o JOIN new_rows n ON n."id" = o."id"
             WHERE n."url" IS DISTINCT FROM o."url" OR n."workspace_id" <> o."workspace_id") c' INTO deltas;
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
  END IF;
  IF deltas IS NOT NULL THEN
    PERFORM "shop_url_counts_add"(deltas);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION host_queue_on_scrape_tasks()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  hosts text[];
  deltas int[];
  removed boolean[];
  ranks int[];
  runs timestamptz[];
  dues timestamptz[];
BEGIN
  -- the waiting tasks the statement added (+1, with their claim rank and run_at) and removed or changed (-1)
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x."host"), array_agg(x."n"), array_agg(x."rank"), array_agg(x."run_at")
      INTO hosts, deltas, ranks, runs
      FROM (SELECT "host", 1 AS "n", (CASE "priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END) AS "rank", "run_at" FROM new_rows WHERE "status" IN ('pending', 'retry')) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x."host"), array_agg(x."n"), array_agg(x."rank"), array_agg(x."run_at")
      INTO hosts, deltas, ranks, runs
      FROM (SELECT "host", -1 AS "n", NULL::int AS "rank", NULL::timestamptz AS "run_at" FROM old_rows WHERE "status" IN ('pending', 'retry')) x;
  ELSE
    IF (SELECT count(*) FROM new_rows) > 64 THEN
      EXECUTE 'SELECT array_agg(x."host"), array_agg(x."n"), array_agg(x."rank"), array_agg(x."run_at")
      FROM (SELECT o."host", -1 AS "n", NULL::int AS "rank", NULL::timestamptz AS "run_at"
              FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE o."status" IN (''pending'', ''retry'') AND (n."status" IS DISTINCT FROM o."status" OR n."run_at" <> o."run_at" OR n."priority" <> o."priority"
                OR n."host" <> o."host")
            UNION ALL
            SELECT n."host", 1, (CASE n."priority" WHEN ''high'' THEN 0 WHEN ''normal'' THEN 1 ELSE 2 END), n."run_at"
              FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE n."status" IN (''pending'', ''retry'') AND (n."status" IS DISTINCT FROM o."status" OR n."run_at" <> o."run_at" OR n."priority" <> o."priority"
                OR n."host" <> o."host")) x' INTO hosts, deltas, ranks, runs;
    ELSE
      SELECT array_agg(x."host"), array_agg(x."n"), array_agg(x."rank"), array_agg(x."run_at") INTO hosts, deltas, ranks, runs
        FROM (SELECT o."host", -1 AS "n", NULL::int AS "rank", NULL::timestamptz AS "run_at"
                FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE o."status" IN ('pending', 'retry') AND (n."status" IS DISTINCT FROM o."status" OR n."run_at" <> o."run_at" OR n."priority" <> o."priority"
                  OR n."host" <> o."host")
              UNION ALL
              SELECT n."host", 1, (CASE n."priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END), n."run_at"
                FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE n."status" IN ('pending', 'retry') AND (n."status" IS DISTINCT FROM o."status" OR n."run_at" <> o."run_at" OR n."priority" <> o."priority"
                  OR n."host" <> o."host")) x;
    END IF;
  END IF;
  IF hosts IS NULL THEN
    RETURN NULL;
  END IF;
  -- per host, in host order: the change of `waiting`, whether a waiting task left, the best and earliest added
  SELECT array_agg(g."host" ORDER BY g."host"), array_agg(g."n" ORDER BY g."host"), array_agg(g."rm" ORDER BY g."host"),
         array_agg(g."rank" ORDER BY g."host"), array_agg(g."run_at" ORDER BY g."host"), array_agg(g."due" ORDER BY g."host")
    INTO hosts, deltas, removed, ranks, runs, dues
    FROM (SELECT x."host", sum(x."n")::int AS "n", bool_or(x."n" < 0) AS "rm",
                 (array_agg(x."rank" ORDER BY x."rank", x."run_at") FILTER (WHERE x."n" > 0))[1] AS "rank",
                 (array_agg(x."run_at" ORDER BY x."rank", x."run_at") FILTER (WHERE x."n" > 0))[1] AS "run_at",
                 min(x."run_at") FILTER (WHERE x."n" > 0) AS "due"
            FROM unnest(hosts, deltas, ranks, runs) AS x("host", "n", "rank", "run_at") GROUP BY x."host") g;
  INSERT INTO "host_politeness" ("host")
    SELECT h FROM unnest(hosts) h WHERE NOT EXISTS (SELECT 1 FROM "host_politeness" p WHERE p."host" = h)
     ORDER BY h COLLATE "C" ON CONFLICT DO NOTHING;
  PERFORM 1 FROM "host_politeness" WHERE "host" = ANY (hosts) ORDER BY "host" COLLATE "C" FOR UPDATE;
  UPDATE "host_politeness" p SET "waiting" = p."waiting" + g."n",
      "next_rank" = CASE WHEN p."next_rank" IS NULL OR (g."rank", g."run_at") < (p."next_rank", p."next_run_at")
        THEN g."rank" ELSE p."next_rank" END,
      "next_run_at" = CASE WHEN p."next_rank" IS NULL OR (g."rank", g."run_at") < (p."next_rank", p."next_run_at")
        THEN g."run_at" ELSE p."next_run_at" END,
      "due_at" = least(p."due_at", g."due")
    FROM unnest(hosts, deltas, removed, ranks, runs, dues) AS g("host", "n", "rm", "rank", "run_at", "due")
   WHERE p."host" = g."host" AND NOT g."rm";
  UPDATE "host_politeness" p SET "waiting" = p."waiting" + g."n",
      ("next_rank", "next_run_at") = (SELECT (CASE t."priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END), t."run_at" FROM "scrape_tasks" t
        WHERE t."host" = p."host" AND t."status" IN ('pending', 'retry') ORDER BY (CASE t."priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END), t."run_at" LIMIT 1),
      "due_at" = least((SELECT t."run_at" FROM "scrape_tasks" t WHERE t."host" = p."host" AND t."status" IN ('pending', 'retry')
                        AND (CASE t."priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END) = 0 ORDER BY t."run_at" LIMIT 1),
                       (SELECT t."run_at" FROM "scrape_tasks" t WHERE t."host" = p."host" AND t."status" IN ('pending', 'retry')
                        AND (CASE t."priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END) = 1 ORDER BY t."run_at" LIMIT 1),
                       (SELECT t."run_at" FROM "scrape_tasks" t WHERE t."host" = p."host" AND t."status" IN ('pending', 'retry')
                        AND (CASE t."priority" WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END) = 2 ORDER BY t."run_at" LIMIT 1))
    FROM unnest(hosts, deltas, removed) AS g("host", "n", "rm")
   WHERE p."host" = g."host" AND g."rm";
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_facets_on_products()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "product_facets" AS c ("workspace_id", "kind", "value", "products")
    SELECT r."workspace_id", f."kind", f."value", count(*)::int
      FROM new_rows r CROSS JOIN LATERAL "product_facet_values"(r."brand", r."category", r."tags") f
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("workspace_id", "kind", "value") DO UPDATE SET "products" = c."products" + excluded."products";
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    -- never an insert: a workspace being deleted has no row to bring back
    UPDATE "product_facets" c SET "products" = c."products" - d.n
      FROM (SELECT r."workspace_id", f."kind", f."value", count(*)::int AS n
              FROM old_rows r CROSS JOIN LATERAL "product_facet_values"(r."brand", r."category", r."tags") f
             GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) d
     WHERE c."workspace_id" = d."workspace_id" AND c."kind" = d."kind" AND c."value" = d."value";
  ELSE
    IF (SELECT count(*) FROM new_rows) > 64 THEN
      EXECUTE 'INSERT INTO "product_facets" AS c ("workspace_id", "kind", "value", "products")
    SELECT x."workspace_id", f."kind", f."value", sum(x.n)::int
      FROM (SELECT o."workspace_id", o."brand", o."category", o."tags", -1 AS n
              FROM old_rows o JOIN new_rows r ON r."id" = o."id"
             WHERE (o."brand", o."category", o."tags", o."workspace_id")
                   IS DISTINCT FROM (r."brand", r."category", r."tags", r."workspace_id")
            UNION ALL
            SELECT r."workspace_id", r."brand", r."category", r."tags", 1
              FROM old_rows o JOIN new_rows r ON r."id" = o."id"
             WHERE (o."brand", o."category", o."tags", o."workspace_id")
                   IS DISTINCT FROM (r."brand", r."category", r."tags", r."workspace_id")) x
     CROSS JOIN LATERAL "product_facet_values"(x."brand", x."category", x."tags") f
     GROUP BY 1, 2, 3 HAVING sum(x.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("workspace_id", "kind", "value") DO UPDATE SET "products" = c."products" + excluded."products"';
    ELSE
      INSERT INTO "product_facets" AS c ("workspace_id", "kind", "value", "products")
      SELECT x."workspace_id", f."kind", f."value", sum(x.n)::int
        FROM (SELECT o."workspace_id", o."brand", o."category", o."tags", -1 AS n
                FROM old_rows o JOIN new_rows r ON r."id" = o."id"
               WHERE (o."brand", o."category", o."tags", o."workspace_id")
                     IS DISTINCT FROM (r."brand", r."category", r."tags", r."workspace_id")
              UNION ALL
              SELECT r."workspace_id", r."brand", r."category", r."tags", 1
                FROM old_rows o JOIN new_rows r ON r."id" = o."id"
               WHERE (o."brand", o."category", o."tags", o."workspace_id")
                     IS DISTINCT FROM (r."brand", r."category", r."tags", r."workspace_id")) x
       CROSS JOIN LATERAL "product_facet_values"(x."brand", x."category", x."tags") f
       GROUP BY 1, 2, 3 HAVING sum(x.n) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("workspace_id", "kind", "value") DO UPDATE SET "products" = c."products" + excluded."products";
    END IF;
  END IF;
  DELETE FROM "product_facets" c
   WHERE c."workspace_id" IN (SELECT DISTINCT "workspace_id" FROM old_rows) AND c."products" <= 0;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trend_tallies_on_trend()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "trend_tallies_append"(ARRAY(SELECT r::"market_trend" FROM new_rows r), '{}'::"market_trend"[]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "trend_tallies_append"('{}'::"market_trend"[], ARRAY(SELECT r::"market_trend" FROM old_rows r));
  ELSE
    PERFORM "trend_tallies_append"(ARRAY(SELECT r::"market_trend" FROM new_rows r), ARRAY(SELECT r::"market_trend" FROM old_rows r));
    -- rows leaving their day: that day is no longer complete
    IF (SELECT count(*) FROM new_rows) > 64 THEN
      EXECUTE 'DELETE FROM "market_trend_days" d
     USING (SELECT DISTINCT o."workspace_id", o."day" FROM old_rows o JOIN new_rows n
              ON n."product_id" = o."product_id" AND n."days" = o."days"
             WHERE (n."workspace_id", n."day") <> (o."workspace_id", o."day")) x
     WHERE d."workspace_id" = x."workspace_id" AND d."day" = x."day"';
    ELSE
      DELETE FROM "market_trend_days" d
       USING (SELECT DISTINCT o."workspace_id", o."day" FROM old_rows o JOIN new_rows n
                ON n."product_id" = o."product_id" AND n."days" = o."days"
               WHERE (n."workspace_id", n."day") <> (o."workspace_id", o."day")) x
       WHERE d."workspace_id" = x."workspace_id" AND d."day" = x."day";
    END IF;
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION trend_tallies_on_market()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "trend_tallies_market_append"(ARRAY(SELECT r::"product_market" FROM new_rows r), '{}'::"product_market"[]);
    PERFORM "market_trend_ensure"(ARRAY(SELECT r."product_id" FROM new_rows r
                                          WHERE r."basis" = 'price' AND r."my_cents" IS NOT NULL));
  ELSE
    PERFORM "trend_tallies_market_append"(ARRAY(SELECT r::"product_market" FROM new_rows r), ARRAY(SELECT r::"product_market" FROM old_rows r));
    IF (SELECT count(*) FROM new_rows) > 64 THEN
      EXECUTE 'SELECT "market_trend_ensure"(ARRAY(
      SELECT n."product_id" FROM new_rows n JOIN old_rows o ON o."product_id" = n."product_id" AND o."basis" = n."basis"
       WHERE n."basis" = ''price'' AND n."my_cents" IS NOT NULL
         AND (o."my_cents" IS NULL OR o."workspace_id" <> n."workspace_id")))';
    ELSE
      PERFORM "market_trend_ensure"(ARRAY(
        SELECT n."product_id" FROM new_rows n JOIN old_rows o ON o."product_id" = n."product_id" AND o."basis" = n."basis"
         WHERE n."basis" = 'price' AND n."my_cents" IS NOT NULL
           AND (o."my_cents" IS NULL OR o."workspace_id" <> n."workspace_id")));
    END IF;
  END IF;
  RETURN NULL;
END $function$;
