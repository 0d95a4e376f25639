CREATE TABLE "product_facets" (
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "product_facets_workspace_id_kind_value_pk" PRIMARY KEY("workspace_id","kind","value")
);
--> statement-breakpoint
ALTER TABLE "product_facets" ADD CONSTRAINT "product_facets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_facets_emptied_idx" ON "product_facets" USING btree ("workspace_id") WHERE "product_facets"."products" <= 0;--> statement-breakpoint
-- The products list's filter values (issue 25.3-25.4): GET /api/products/facets reads a workspace's rows of
-- product_facets instead of grouping its whole catalogue (every product's tags unnested) on each list opened.
-- Statement triggers add each statement's change per value; a statement that changes no brand, category or tag (a
-- reading's sparkline, a rename) writes nothing, so scraping never waits on these rows. Rows are upserted in key
-- order (one statement never deadlocks another), and a value whose count reaches zero is deleted.
CREATE FUNCTION "product_facet_values"("brand" text, "category" text, "tags" text[])
  RETURNS TABLE ("kind" text, "value" text) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'brand', "brand" WHERE "brand" IS NOT NULL
  UNION SELECT 'category', "category" WHERE "category" IS NOT NULL
  UNION SELECT 'tag', t FROM unnest("tags") t WHERE t IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION "product_facets_on_products"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  DELETE FROM "product_facets" c
   WHERE c."workspace_id" IN (SELECT DISTINCT "workspace_id" FROM old_rows) AND c."products" <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_facets_product_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_on_products"();
--> statement-breakpoint
CREATE TRIGGER "product_facets_product_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_on_products"();
--> statement-breakpoint
CREATE TRIGGER "product_facets_product_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_facets_on_products"();
--> statement-breakpoint
INSERT INTO "product_facets" ("workspace_id", "kind", "value", "products")
SELECT p."workspace_id", f."kind", f."value", count(*)::int
  FROM "products" p CROSS JOIN LATERAL "product_facet_values"(p."brand", p."category", p."tags") f
 GROUP BY 1, 2, 3;
