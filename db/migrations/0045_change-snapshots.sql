CREATE TABLE "change_snapshot_lines" (
	"snapshot_id" bigint NOT NULL,
	"kind_rank" smallint NOT NULL,
	"place" integer NOT NULL,
	"line" jsonb NOT NULL,
	CONSTRAINT "change_snapshot_lines_pk" PRIMARY KEY("snapshot_id","kind_rank","place")
);
--> statement-breakpoint
CREATE TABLE "change_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"period" text NOT NULL,
	"basis" text NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	"took_ms" integer NOT NULL,
	CONSTRAINT "change_snapshots_key" UNIQUE("workspace_id","period","basis")
);
--> statement-breakpoint
ALTER TABLE "change_snapshot_lines" ADD CONSTRAINT "change_snapshot_lines_snapshot_id_change_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."change_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_snapshots" ADD CONSTRAINT "change_snapshots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_snapshots_viewed_idx" ON "change_snapshots" USING btree ("viewed_at");--> statement-breakpoint
-- A workspace's change snapshots (lib/insights/change-snapshots.ts) go when one of its URLs is deleted (a kept line
-- would link to a product or a value that is gone) or a reading corrected (a correction is not a move): the next
-- read computes them again. Any other write only makes them older, which their age bounds.
CREATE FUNCTION "change_snapshots_forget_urls"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "change_snapshots" s WHERE s."workspace_id" IN (SELECT DISTINCT o."workspace_id" FROM old_rows o);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_snapshots_url_delete" AFTER DELETE ON "product_urls"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_snapshots_forget_urls"();
--> statement-breakpoint
-- price_history is updated only to set or clear corrected_by (a correction, or a purge's ON DELETE SET NULL)
CREATE FUNCTION "change_snapshots_forget_corrected"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "change_snapshots" s
   WHERE s."workspace_id" IN (SELECT DISTINCT u."workspace_id" FROM "product_urls" u
                               WHERE u."id" IN (SELECT DISTINCT n."url_id" FROM new_rows n));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "change_snapshots_corrected" AFTER UPDATE ON "price_history"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "change_snapshots_forget_corrected"();
