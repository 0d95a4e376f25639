CREATE TABLE "change_snapshot_states" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "change_snapshot_states" ADD CONSTRAINT "change_snapshot_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_snapshots" ADD CONSTRAINT "change_snapshots_period" CHECK ("change_snapshots"."period" in ('day', 'week'));--> statement-breakpoint
ALTER TABLE "change_snapshots" ADD CONSTRAINT "change_snapshots_basis" CHECK ("change_snapshots"."basis" in ('price', 'total'));--> statement-breakpoint
-- A URL deleted or a reading corrected outdates its workspace's change snapshots (lib/insights/change-snapshots.ts):
-- their computed_at becomes -infinity (the next read or refresh computes; the row stays, so the workspace is still
-- known as one whose changes are kept), and its epoch is raised first, so that a computation which began before
-- this statement is not kept after it (the keeper holds the epoch FOR SHARE while it writes). A workspace being
-- deleted is left out (its rows go with it).
CREATE FUNCTION "change_snapshots_outdate"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "change_snapshot_states" ("workspace_id", "epoch")
  SELECT w, 1 FROM unnest(ids) w WHERE EXISTS (SELECT 1 FROM "workspaces" x WHERE x."id" = w) ORDER BY w
  ON CONFLICT ("workspace_id") DO UPDATE SET "epoch" = "change_snapshot_states"."epoch" + 1;
  UPDATE "change_snapshots" SET "computed_at" = '-infinity'
   WHERE "workspace_id" = ANY(ids) AND "computed_at" <> '-infinity';
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "change_snapshots_forget_urls"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
  PERFORM "change_snapshots_outdate"(ARRAY(SELECT DISTINCT o."workspace_id" FROM old_rows o));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- price_history is updated to set or clear corrected_by (a correction, or a purge's ON DELETE SET NULL) and to mark
-- a correcting reading's kind: each outdates the snapshots (a statement that updated nothing does not)
CREATE OR REPLACE FUNCTION "change_snapshots_forget_corrected"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  PERFORM "change_snapshots_outdate"(ARRAY(
    SELECT DISTINCT u."workspace_id" FROM "product_urls" u WHERE u."id" IN (SELECT DISTINCT n."url_id" FROM new_rows n)));
  RETURN NULL;
END $$;
