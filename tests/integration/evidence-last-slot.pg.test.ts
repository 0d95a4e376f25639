// The evidence store's bound (the plan's maxEvidenceCaptures, pending and ready captures) holds when two captures
// of one workspace are queued at the same moment with one place left. The race is forced: the first request is
// stopped just before its commit, its capture written; the second goes on and either waits on the workspace's row
// (the lock queueEvidenceCapture takes) or, without that lock, counts the captures without the first's and takes
// the same last place. PostgreSQL only (`.pg.test.ts`): PGlite has one connection.
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { evidenceCaptures } from "@/db/schema";
import { getWorkspacePlan } from "@/lib/billing";
import { queueEvidenceCapture, type TEvidenceTarget } from "@/lib/evidence/queue-evidence-capture";
import { inTransaction } from "@/lib/jobs/in-transaction";
import { gate } from "../helpers/gate";
import { alertsUser, makeProduct } from "./alerts-fixtures";

if (!process.env.DATABASE_URL) throw new Error("evidence-last-slot.pg.test.ts : PostgreSQL seulement");

describe("the evidence store's last place under concurrent captures", () => {
  it("two captures queued at once with one place left: one is kept, the other is refused", async () => {
    const { workspaceId } = await alertsUser("freemium");
    const db = await getDb();
    const limit = (await getWorkspacePlan(workspaceId, db)).maxEvidenceCaptures!;
    expect(limit).toBeGreaterThan(1);
    const { productId, urlIds } = await makeProduct(workspaceId);
    const target: TEvidenceTarget = { workspaceId, productId, urlId: urlIds[0]!, url: "https://exemple.fr/p" };
    await db
      .insert(evidenceCaptures)
      .values(
        Array.from({ length: limit - 1 }, () => ({ ...target, reason: "manual" as const, status: "ready" as const })),
      );

    const aQueued = gate();
    const aCommit = gate();
    const a = inTransaction(async (tx) => {
      const queued = await queueEvidenceCapture(tx, target);
      aQueued.open();
      await aCommit.opened;
      return queued;
    });
    await aQueued.opened;
    let bDone = false;
    const b = inTransaction((tx) => queueEvidenceCapture(tx, target)).finally(() => {
      bDone = true;
    });
    // the second either ends at once (no lock) or waits on the first's row lock
    for (;;) {
      if (bDone) break;
      const [waiting] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (Number(waiting?.n) > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    aCommit.open();
    const [first, second] = await Promise.all([a, b]);

    expect(first).toMatchObject({ full: null, row: { status: "pending" } });
    expect(second).toMatchObject({
      full: expect.stringContaining("Espace des preuves plein"),
      row: { status: "failed" },
    });
    const kept = await db
      .select({ id: evidenceCaptures.id })
      .from(evidenceCaptures)
      .where(
        and(eq(evidenceCaptures.workspaceId, workspaceId), inArray(evidenceCaptures.status, ["pending", "ready"])),
      );
    expect(kept).toHaveLength(limit);
  });
});
