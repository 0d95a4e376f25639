CREATE TABLE "market_trend_days" (
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"days" integer[] NOT NULL,
	"cutoff" timestamp with time zone,
	CONSTRAINT "market_trend_days_pk" PRIMARY KEY("workspace_id","day")
);
--> statement-breakpoint
CREATE TABLE "trend_tallies" (
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"days" integer NOT NULL,
	"products" integer NOT NULL,
	"my_sum" bigint NOT NULL,
	"now_sum" bigint NOT NULL,
	"then_sum" bigint NOT NULL,
	CONSTRAINT "trend_tallies_pk" PRIMARY KEY("workspace_id","day","days")
);
--> statement-breakpoint
CREATE TABLE "trend_tally_deltas" (
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"days" integer NOT NULL,
	"products" integer NOT NULL,
	"my_sum" bigint NOT NULL,
	"now_sum" bigint NOT NULL,
	"then_sum" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_trend" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "market_trend" c SET "workspace_id" = p."workspace_id" FROM "products" p WHERE p."id" = c."product_id";--> statement-breakpoint
ALTER TABLE "market_trend" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "market_trend_days" ADD CONSTRAINT "market_trend_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trend_tallies" ADD CONSTRAINT "trend_tallies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trend_tally_deltas_workspace_idx" ON "trend_tally_deltas" USING btree ("workspace_id","day");--> statement-breakpoint
CREATE INDEX "market_trend_workspace_oldest_idx" ON "market_trend" USING btree ("workspace_id","day","oldest_at");--> statement-breakpoint
CREATE INDEX "market_trend_workspace_cutoff_idx" ON "market_trend" USING btree ("workspace_id","day","cutoff");--> statement-breakpoint
-- The overview's price-index trend kept per workspace, trend and day (lib/insights/rollups.md, issue 25.4): the
-- overview reads O(trends) rows instead of joining every product with 'mon prix' to market_trend.
-- market_trend rows are written only here, the products locked FOR SHARE first (in id order): a product's
-- product_market rows change only under its FOR NO KEY UPDATE lock (product_market_refresh), so the two triggers
-- below never count a product's row against a concurrent change of the other table.
-- (target_ids × target_days) computed for target_day under target_cutoff: the price in force at the end of the
-- day `days` before, one price_daily probe per URL; rows whose values are unchanged are not rewritten.
CREATE FUNCTION "market_trend_compute"(target_ids uuid[], target_day date, target_cutoff timestamptz, target_days int[])
  RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  IF target_ids IS NULL OR cardinality(target_ids) = 0 THEN RETURN 0; END IF;
  PERFORM 1 FROM "products" WHERE "id" = ANY(target_ids) ORDER BY "id" FOR SHARE;
  INSERT INTO "market_trend" ("product_id", "days", "workspace_id", "day", "version", "avg_cents", "cutoff", "oldest_at")
  SELECT p."id", k.days, p."workspace_id", target_day, p."trend_version",
         round(sum(x.cents) FILTER (WHERE x.comparable)::numeric / nullif(count(*) FILTER (WHERE x.comparable), 0)),
         target_cutoff, min(x.last_at)
    FROM "products" p
    CROSS JOIN unnest(target_days) k(days)
    LEFT JOIN LATERAL (
      SELECT x.* FROM "product_urls" u
      CROSS JOIN LATERAL (
        SELECT coalesce(d."last_available", false) AND d."last_price" IS NOT NULL
               AND upper(coalesce(nullif(btrim(d."last_currency"), ''), 'EUR')) = 'EUR' AS comparable,
               (d."last_price" * 100)::bigint AS cents, d."last_at"
          FROM "price_daily" d
         WHERE d."url_id" = u."id" AND d."day" <= target_day - k.days
         ORDER BY d."day" DESC
         LIMIT 1) x
       WHERE u."product_id" = p."id" AND u."workspace_id" = p."workspace_id"
         AND (target_cutoff IS NULL OR x."last_at" >= target_cutoff)
    ) x ON true
   WHERE p."id" = ANY(target_ids)
   GROUP BY p."id", k.days, p."workspace_id", p."trend_version"
  ON CONFLICT ("product_id", "days") DO UPDATE
     SET "workspace_id" = excluded."workspace_id", "day" = excluded."day", "version" = excluded."version",
         "avg_cents" = excluded."avg_cents", "cutoff" = excluded."cutoff", "oldest_at" = excluded."oldest_at"
   WHERE ("market_trend"."workspace_id", "market_trend"."day", "market_trend"."version", "market_trend"."avg_cents",
          "market_trend"."cutoff", "market_trend"."oldest_at")
         IS DISTINCT FROM (excluded."workspace_id", excluded."day", excluded."version", excluded."avg_cents",
                           excluded."cutoff", excluded."oldest_at");
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END $$;
--> statement-breakpoint
-- A bump (migration 0010: a past day's price_daily changed, a URL left the product) computes the product's rows
-- again for their own day and cutoff, in the bumping transaction: a kept row never holds an old version.
CREATE OR REPLACE FUNCTION "products_trend_bump"(product_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  g record;
BEGIN
  PERFORM 1 FROM "products" WHERE "id" = ANY(product_ids) ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "products" SET "trend_version" = "trend_version" + 1 WHERE "id" = ANY(product_ids);
  FOR g IN SELECT c."day", c."cutoff", array_agg(DISTINCT c."product_id") AS ids, array_agg(DISTINCT c."days") AS days
             FROM "market_trend" c WHERE c."product_id" = ANY(product_ids) GROUP BY c."day", c."cutoff" LOOP
    PERFORM "market_trend_compute"(g.ids, g."day", g."cutoff", g.days);
  END LOOP;
END $$;
--> statement-breakpoint
-- The lock between the job's completing a workspace's day (exclusive) and a statement pricing products of it
-- (shared): a product priced meanwhile is either seen by the job or sees the job's market_trend_days row.
CREATE FUNCTION "market_trend_days_lock_key"(workspace uuid) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT hashtextextended('market_trend_days:' || workspace::text, 0) $$;
--> statement-breakpoint
-- Products newly priced or moved (ids): their rows of their workspace's latest completed day, if they lack them.
CREATE FUNCTION "market_trend_ensure"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  w record;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  FOR w IN SELECT DISTINCT p."workspace_id" FROM "products" p WHERE p."id" = ANY(ids) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock_shared("market_trend_days_lock_key"(w."workspace_id"));
  END LOOP;
  FOR w IN SELECT m."day", m."days", m."cutoff", array_agg(p."id") AS ids
             FROM "products" p
             JOIN LATERAL (SELECT * FROM "market_trend_days" d WHERE d."workspace_id" = p."workspace_id"
                            ORDER BY d."day" DESC LIMIT 1) m ON true
            WHERE p."id" = ANY(ids)
              AND (SELECT count(*) FROM "market_trend" c
                    WHERE c."product_id" = p."id" AND c."days" = ANY(m."days") AND c."day" = m."day"
                      AND c."workspace_id" = p."workspace_id") < cardinality(m."days")
            GROUP BY m."workspace_id", m."day", m."days", m."cutoff" LOOP
    PERFORM "market_trend_compute"(w.ids, w."day", w."cutoff", w."days");
  END LOOP;
END $$;
--> statement-breakpoint
-- market_trend rows: `plus` count positive, `minus` negative, each with its product's 'price' market now (the
-- products are locked: product_market holds still); a trend whose change is nil writes nothing. A row of a
-- workspace being deleted (cascade) is left out (the deltas have no foreign key, as migration 0039's: the fold
-- drops those of a deleted workspace).
CREATE FUNCTION "trend_tallies_append"(plus "market_trend"[], minus "market_trend"[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "trend_tally_deltas" ("workspace_id", "day", "days", "products", "my_sum", "now_sum", "then_sum")
  SELECT g.* FROM (
    SELECT c."workspace_id", c."day", c."days", sum(c.sign)::int AS products, sum(c.sign * m."my_cents")::bigint AS my_sum,
           sum(c.sign * round(m."price_sum_cents"::numeric / m."n"))::bigint AS now_sum,
           sum(c.sign * c."avg_cents")::bigint AS then_sum
      FROM (SELECT r.*, 1 AS sign FROM unnest(plus) r UNION ALL SELECT r.*, -1 FROM unnest(minus) r) c
      JOIN "product_market" m ON m."product_id" = c."product_id" AND m."basis" = 'price'
     WHERE c."avg_cents" IS NOT NULL AND m."my_cents" IS NOT NULL AND m."n" > 0
     GROUP BY c."workspace_id", c."day", c."days") g
   WHERE (g.products, g.my_sum, g.now_sum, g.then_sum) <> (0, 0, 0, 0)
     AND EXISTS (SELECT 1 FROM "workspaces" w WHERE w."id" = g."workspace_id");
END $$;
--> statement-breakpoint
CREATE FUNCTION "trend_tallies_on_trend"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "trend_tallies_append"(ARRAY(SELECT r::"market_trend" FROM new_rows r), '{}'::"market_trend"[]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "trend_tallies_append"('{}'::"market_trend"[], ARRAY(SELECT r::"market_trend" FROM old_rows r));
  ELSE
    PERFORM "trend_tallies_append"(ARRAY(SELECT r::"market_trend" FROM new_rows r), ARRAY(SELECT r::"market_trend" FROM old_rows r));
    -- rows leaving their day: that day is no longer complete
    DELETE FROM "market_trend_days" d
     USING (SELECT DISTINCT o."workspace_id", o."day" FROM old_rows o JOIN new_rows n
              ON n."product_id" = o."product_id" AND n."days" = o."days"
             WHERE (n."workspace_id", n."day") <> (o."workspace_id", o."day")) x
     WHERE d."workspace_id" = x."workspace_id" AND d."day" = x."day";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "trend_tallies_trend_insert" AFTER INSERT ON "market_trend"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trend_tallies_on_trend"();
--> statement-breakpoint
CREATE TRIGGER "trend_tallies_trend_update" AFTER UPDATE ON "market_trend"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trend_tallies_on_trend"();
--> statement-breakpoint
CREATE TRIGGER "trend_tallies_trend_delete" AFTER DELETE ON "market_trend"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "trend_tallies_on_trend"();
--> statement-breakpoint
-- product_market 'price' rows (my price, the market now): `plus` count positive, `minus` negative, over the
-- product's market_trend rows as they stand (their writers hold the product's lock: they hold still)
CREATE FUNCTION "trend_tallies_market_append"(plus "product_market"[], minus "product_market"[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "trend_tally_deltas" ("workspace_id", "day", "days", "products", "my_sum", "now_sum", "then_sum")
  SELECT g.* FROM (
    SELECT c."workspace_id", c."day", c."days", sum(m.sign)::int AS products, sum(m.sign * m."my_cents")::bigint AS my_sum,
           sum(m.sign * round(m."price_sum_cents"::numeric / m."n"))::bigint AS now_sum,
           sum(m.sign * c."avg_cents")::bigint AS then_sum
      FROM (SELECT r.*, 1 AS sign FROM unnest(plus) r UNION ALL SELECT r.*, -1 FROM unnest(minus) r) m
      JOIN "market_trend" c ON c."product_id" = m."product_id"
     WHERE m."basis" = 'price' AND c."avg_cents" IS NOT NULL AND m."my_cents" IS NOT NULL AND m."n" > 0
     GROUP BY c."workspace_id", c."day", c."days") g
   WHERE (g.products, g.my_sum, g.now_sum, g.then_sum) <> (0, 0, 0, 0)
     AND EXISTS (SELECT 1 FROM "workspaces" w WHERE w."id" = g."workspace_id");
END $$;
--> statement-breakpoint
-- and the products newly priced, created or moved get their rows of the workspace's completed day. (A product_market
-- row goes only with its product, whose market_trend rows are gone first: no delete trigger.)
CREATE FUNCTION "trend_tallies_on_market"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "trend_tallies_market_append"(ARRAY(SELECT r::"product_market" FROM new_rows r), '{}'::"product_market"[]);
    PERFORM "market_trend_ensure"(ARRAY(SELECT r."product_id" FROM new_rows r
                                          WHERE r."basis" = 'price' AND r."my_cents" IS NOT NULL));
  ELSE
    PERFORM "trend_tallies_market_append"(ARRAY(SELECT r::"product_market" FROM new_rows r), ARRAY(SELECT r::"product_market" FROM old_rows r));
    PERFORM "market_trend_ensure"(ARRAY(
      SELECT n."product_id" FROM new_rows n JOIN old_rows o ON o."product_id" = n."product_id" AND o."basis" = n."basis"
       WHERE n."basis" = 'price' AND n."my_cents" IS NOT NULL
         AND (o."my_cents" IS NULL OR o."workspace_id" <> n."workspace_id")));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "trend_tallies_market_insert" AFTER INSERT ON "product_market"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trend_tallies_on_market"();
--> statement-breakpoint
CREATE TRIGGER "trend_tallies_market_update" AFTER UPDATE ON "product_market"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trend_tallies_on_market"();
--> statement-breakpoint
-- A product deleted: its market_trend rows go first, while its product_market rows still stand (the cascades'
-- statement triggers fire once both are gone, when neither side can count the other).
CREATE FUNCTION "market_trend_on_product_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "market_trend" WHERE "product_id" = OLD."id";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "market_trend_product_delete" BEFORE DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "market_trend_on_product_delete"();
--> statement-breakpoint
-- the existing rows, folded (no day is complete yet: the job completes today's)
INSERT INTO "trend_tallies" ("workspace_id", "day", "days", "products", "my_sum", "now_sum", "then_sum")
SELECT c."workspace_id", c."day", c."days", count(*), sum(m."my_cents"), sum(round(m."price_sum_cents"::numeric / m."n")),
       sum(c."avg_cents")
  FROM "market_trend" c
  JOIN "product_market" m ON m."product_id" = c."product_id" AND m."basis" = 'price'
 WHERE c."avg_cents" IS NOT NULL AND m."my_cents" IS NOT NULL AND m."n" > 0
 GROUP BY c."workspace_id", c."day", c."days";
