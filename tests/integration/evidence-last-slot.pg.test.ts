// The evidence store's bound (the plan's maxEvidenceCaptures, pending and ready captures) holds when two captures
// of one workspace are queued at the same moment with one place left. The race is forced: the first request is
// stopped just before its commit, its capture written; the second goes on and either waits on the workspace's row
// (the lock queueEvidenceCapture takes; the test fails when it does not) or, without that lock, counts the
// captures without the first's and takes the same last place. PostgreSQL only (`.pg.test.ts`): PGlite has one connection.
import { and, eq, inArray, sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { evidenceCaptures } from "@/db/schema";
import { getWorkspacePlan } from "@/lib/billing";
import { queueEvidenceCapture, type TEvidenceTarget } from "@/lib/evidence/queue-evidence-capture";
import { inTransaction } from "@/lib/jobs/in-transaction";
import { waitersOn } from "../helpers/forced-race";
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
    let aPid = 0;
    const a = inTransaction(async (tx) => {
      const queued = await queueEvidenceCapture(tx, target);
      const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      aPid = Number(me!.pid);
      aQueued.open();
      await aCommit.opened;
      return queued;
    });
    await aQueued.opened;
    const b = inTransaction((tx) => queueEvidenceCapture(tx, target));
    // the second must wait on a lock the first holds (the workspace's row): without it, it would count the captures
    // without the first's and take the same last place
    const watcher = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      await waitersOn(watcher, [aPid], b, "la seconde capture n'a jamais attendu un verrou de la première");
    } finally {
      aCommit.open();
      await watcher.end({ timeout: 0 });
    }
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
