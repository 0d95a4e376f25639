import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { plans, scrapeTasks, subscriptions } from "@/db/schema";
import { getUserStats } from "@/lib/auth/get-user-stats";
import { settleLocalJobs } from "@/lib/workers/local-jobs";
import { getImport } from "@/lib/products/import/get-import";
import { startImport } from "@/lib/products/import/start-import";
import { importRows } from "../fixtures/import-rows";
import { signUp } from "../helpers/api";

describe("import fairness", () => {
  it("a 2,000-row import lets other users' requests through between its batches and spreads its first scrapes", async () => {
    const { workspaceId } = await signUp();
    const other = await signUp();
    const db = await getDb();
    const [plan] = await db.select().from(plans).where(eq(plans.code, "entreprise"));
    await db
      .update(subscriptions)
      .set({ planId: plan!.id, status: "active" })
      .where(eq(subscriptions.workspaceId, workspaceId));
    const rows = importRows(2000);

    let importDone = false;
    const file = { name: "gros.csv", bytes: new TextEncoder().encode(JSON.stringify(rows)) };
    const importing = (async () => {
      const { id } = await startImport(workspaceId, rows, file);
      await settleLocalJobs();
      return getImport(workspaceId, id);
    })().finally(() => (importDone = true));
    // another user asks for their dashboard while the import runs: answered before the import ends
    let answeredDuringImport = 0;
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 20));
      await getUserStats(other.workspaceId);
      if (!importDone) answeredDuringImport += 1;
    }
    const summary = await importing;
    expect(summary).toMatchObject({ created_products: 400, created_urls: 2000, refused_count: 0 });
    expect(answeredDuringImport).toBe(3);

    const tasks = await db.select().from(scrapeTasks).where(eq(scrapeTasks.workspaceId, workspaceId));
    expect(tasks).toHaveLength(2000);
    const runAts = tasks.map((t) => t.runAt.getTime()).sort((a, b) => a - b);
    // 5 first scrapes per second: the last one is about 400 s after the first, not all at once
    expect(runAts.at(-1)! - runAts[0]!).toBeGreaterThanOrEqual(390_000);
    const perSecond = new Map<number, number>();
    for (const t of runAts) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(10);
  }, 120_000);
});
