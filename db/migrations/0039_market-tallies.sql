CREATE TABLE "merchant_tallies" (
	"workspace_id" uuid NOT NULL,
	"basis" text NOT NULL,
	"domain" text NOT NULL,
	"own" text NOT NULL,
	"seller" text,
	"own_name" text,
	"names" text[] NOT NULL,
	"key" uuid NOT NULL,
	"products" integer NOT NULL,
	"urls" integer NOT NULL,
	"out_of_stock" integer NOT NULL,
	"priced" integer NOT NULL,
	"cheapest" integer NOT NULL,
	"compared" integer NOT NULL,
	"gap_sum" bigint NOT NULL,
	"my_sum" bigint NOT NULL,
	CONSTRAINT "merchant_tallies_pk" PRIMARY KEY("workspace_id","basis","key")
);
--> statement-breakpoint
CREATE TABLE "merchant_tally_deltas" (
	"workspace_id" uuid NOT NULL,
	"basis" text NOT NULL,
	"domain" text NOT NULL,
	"own" text NOT NULL,
	"seller" text,
	"own_name" text,
	"names" text[] NOT NULL,
	"products" integer NOT NULL,
	"urls" integer NOT NULL,
	"out_of_stock" integer NOT NULL,
	"priced" integer NOT NULL,
	"cheapest" integer NOT NULL,
	"compared" integer NOT NULL,
	"gap_sum" bigint NOT NULL,
	"my_sum" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_tallies" (
	"workspace_id" uuid NOT NULL,
	"basis" text NOT NULL,
	"position_rank" smallint NOT NULL,
	"lines" integer NOT NULL,
	"my_sum" bigint NOT NULL,
	"avg_sum" bigint NOT NULL,
	CONSTRAINT "position_tallies_pk" PRIMARY KEY("workspace_id","basis","position_rank")
);
--> statement-breakpoint
CREATE TABLE "position_tally_deltas" (
	"workspace_id" uuid NOT NULL,
	"basis" text NOT NULL,
	"position_rank" smallint NOT NULL,
	"lines" integer NOT NULL,
	"my_sum" bigint NOT NULL,
	"avg_sum" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_tallies" ADD CONSTRAINT "merchant_tallies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_tallies" ADD CONSTRAINT "position_tallies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_tallies_zero_idx" ON "merchant_tallies" USING btree ("workspace_id") WHERE "merchant_tallies"."products" = 0;--> statement-breakpoint
CREATE INDEX "merchant_tally_deltas_workspace_idx" ON "merchant_tally_deltas" USING btree ("workspace_id","basis");--> statement-breakpoint
CREATE INDEX "position_tallies_zero_idx" ON "position_tallies" USING btree ("workspace_id") WHERE "position_tallies"."lines" = 0;--> statement-breakpoint
CREATE INDEX "position_tally_deltas_workspace_idx" ON "position_tally_deltas" USING btree ("workspace_id","basis");--> statement-breakpoint
-- The Vue marché's workspace-wide tallies (lib/insights/rollups.md, issue 25.4): the merchants' table and the
-- overview's summary read O(merchants) and O(positions) rows instead of every product_merchants / product_market
-- row of the workspace. Statement triggers append each statement's signed change per key to *_deltas (inserts
-- only, no key: writers never wait on each other, no row of a workspace is hot); the fold-market-tallies job adds
-- them into the folded tables every minute; readers sum both.
-- The folded row's key: long lists of names would not fit a btree entry.
CREATE FUNCTION "merchant_tally_key"(domain text, own text, seller text, own_name text, names text[]) RETURNS uuid
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT md5(jsonb_build_array(domain, own, seller, own_name, names)::text)::uuid $$;
--> statement-breakpoint
-- the rows `plus` count positive, `minus` negative, summed per key; a key whose change is nil writes nothing. A
-- row of a workspace being deleted (cascade) is left out: its tallies go with it, the fold drops its older deltas.
-- The deltas have no foreign key: its check would lock the workspace's row (key share) at every scrape.
CREATE FUNCTION "merchant_tallies_append"(plus "product_merchants"[], minus "product_merchants"[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "merchant_tally_deltas" ("workspace_id", "basis", "domain", "own", "seller", "own_name", "names", "products",
                                       "urls", "out_of_stock", "priced", "cheapest", "compared", "gap_sum", "my_sum")
  SELECT g.* FROM (
    SELECT c."workspace_id", c."basis", c."domain", c."own", c."seller", c."own_name", c."names", sum(c.sign)::int AS products,
           sum(c.sign * c."urls")::int AS urls, sum(c.sign * c."out_of_stock")::int AS out_of_stock,
           sum(c.sign * (c."cents" IS NOT NULL)::int)::int AS priced, sum(c.sign * c."cheapest"::int)::int AS cheapest,
           sum(c.sign * (c."cents" IS NOT NULL AND c."my_cents" IS NOT NULL)::int)::int AS compared,
           sum(c.sign * coalesce(c."cents" - c."my_cents", 0))::bigint AS gap_sum,
           sum(c.sign * CASE WHEN c."cents" IS NOT NULL THEN coalesce(c."my_cents", 0) ELSE 0 END)::bigint AS my_sum
      FROM (SELECT r.*, 1 AS sign FROM unnest(plus) r UNION ALL SELECT r.*, -1 FROM unnest(minus) r) c
     GROUP BY c."workspace_id", c."basis", c."domain", c."own", c."seller", c."own_name", c."names") g
   WHERE (g.products, g.urls, g.out_of_stock, g.priced, g.cheapest, g.compared, g.gap_sum, g.my_sum)
         <> (0, 0, 0, 0, 0, 0, 0, 0)
     AND EXISTS (SELECT 1 FROM "workspaces" w WHERE w."id" = g."workspace_id");
END $$;
--> statement-breakpoint
CREATE FUNCTION "merchant_tallies_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "merchant_tallies_append"(ARRAY(SELECT r::"product_merchants" FROM new_rows r), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "merchant_tallies_append"('{}', ARRAY(SELECT r::"product_merchants" FROM old_rows r));
  ELSE
    PERFORM "merchant_tallies_append"(ARRAY(SELECT r::"product_merchants" FROM new_rows r), ARRAY(SELECT r::"product_merchants" FROM old_rows r));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchant_tallies_insert" AFTER INSERT ON "product_merchants"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_tallies_on_change"();
--> statement-breakpoint
CREATE TRIGGER "merchant_tallies_update" AFTER UPDATE ON "product_merchants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_tallies_on_change"();
--> statement-breakpoint
CREATE TRIGGER "merchant_tallies_delete" AFTER DELETE ON "product_merchants"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_tallies_on_change"();
--> statement-breakpoint
-- the lines (product_market rows with 'mon prix') per position; the sums over those with a market (n > 0), the
-- average as the overview rounds it
CREATE FUNCTION "position_tallies_append"(plus "product_market"[], minus "product_market"[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "position_tally_deltas" ("workspace_id", "basis", "position_rank", "lines", "my_sum", "avg_sum")
  SELECT g.* FROM (
    SELECT c."workspace_id", c."basis", c."position_rank", sum(c.sign)::int AS lines,
           sum(c.sign * CASE WHEN c."n" > 0 THEN c."my_cents" ELSE 0 END)::bigint AS my_sum,
           sum(c.sign * CASE WHEN c."n" > 0 THEN round(c."sum_cents"::numeric / c."n") ELSE 0 END)::bigint AS avg_sum
      FROM (SELECT r.*, 1 AS sign FROM unnest(plus) r UNION ALL SELECT r.*, -1 FROM unnest(minus) r) c
     WHERE c."my_cents" IS NOT NULL
     GROUP BY c."workspace_id", c."basis", c."position_rank") g
   WHERE (g.lines, g.my_sum, g.avg_sum) <> (0, 0, 0)
     AND EXISTS (SELECT 1 FROM "workspaces" w WHERE w."id" = g."workspace_id");
END $$;
--> statement-breakpoint
CREATE FUNCTION "position_tallies_on_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "position_tallies_append"(ARRAY(SELECT r::"product_market" FROM new_rows r), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "position_tallies_append"('{}', ARRAY(SELECT r::"product_market" FROM old_rows r));
  ELSE
    PERFORM "position_tallies_append"(ARRAY(SELECT r::"product_market" FROM new_rows r), ARRAY(SELECT r::"product_market" FROM old_rows r));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "position_tallies_insert" AFTER INSERT ON "product_market"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "position_tallies_on_change"();
--> statement-breakpoint
CREATE TRIGGER "position_tallies_update" AFTER UPDATE ON "product_market"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "position_tallies_on_change"();
--> statement-breakpoint
CREATE TRIGGER "position_tallies_delete" AFTER DELETE ON "product_market"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "position_tallies_on_change"();
--> statement-breakpoint
-- the existing rows, folded (the triggers above hold both tables' writers from here to the commit)
INSERT INTO "merchant_tallies" ("workspace_id", "basis", "domain", "own", "seller", "own_name", "names", "key", "products",
                                "urls", "out_of_stock", "priced", "cheapest", "compared", "gap_sum", "my_sum")
SELECT m."workspace_id", m."basis", m."domain", m."own", m."seller", m."own_name", m."names",
       "merchant_tally_key"(m."domain", m."own", m."seller", m."own_name", m."names"), count(*), sum(m."urls"),
       sum(m."out_of_stock"), count(m."cents"), count(*) FILTER (WHERE m."cheapest"),
       count(m."my_cents") FILTER (WHERE m."cents" IS NOT NULL), coalesce(sum(m."cents" - m."my_cents"), 0),
       coalesce(sum(m."my_cents") FILTER (WHERE m."cents" IS NOT NULL), 0)
  FROM "product_merchants" m
 GROUP BY m."workspace_id", m."basis", m."domain", m."own", m."seller", m."own_name", m."names";
--> statement-breakpoint
INSERT INTO "position_tallies" ("workspace_id", "basis", "position_rank", "lines", "my_sum", "avg_sum")
SELECT m."workspace_id", m."basis", m."position_rank", count(*),
       coalesce(sum(m."my_cents") FILTER (WHERE m."n" > 0), 0),
       coalesce(sum(round(m."sum_cents"::numeric / m."n")) FILTER (WHERE m."n" > 0), 0)
  FROM "product_market" m
 WHERE m."my_cents" IS NOT NULL
 GROUP BY m."workspace_id", m."basis", m."position_rank";
