// An import whose batch fails on every attempt ends 'failed' with its message; the minute resume stops
// re-running it (it was re-run every two minutes, forever, and showed 'Import en cours' forever).
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { productImports } from "@/db/schema";
import { GET as importStatus } from "@/app/api/products/import/[importId]/route";
import { runLocalJob, settleLocalJobs } from "@/lib/workers/local-jobs";
import { JOBS } from "@/lib/workers/registry";
import { call, signUp } from "../helpers/api";

beforeAll(async () => {
  await getDb();
});

async function resumeStalled(importId: string) {
  const db = await getDb();
  await db
    .update(productImports)
    .set({ updatedAt: sql`now() - interval '5 minutes'` })
    .where(eq(productImports.id, importId));
  const outcome = await runLocalJob(JOBS.resumeImports, {});
  await settleLocalJobs({ skipSleeps: true });
  return outcome;
}

describe("an import that always fails", () => {
  it("is marked failed after its runs' attempts, and no longer resumed", async () => {
    const user = await signUp();
    const db = await getDb();
    const row = {
      line: 2,
      product: "Casque",
      description: "",
      source: "Boutique",
      url: "https://a.test/p",
      frequency: "daily",
    };
    // a batch naming a product group the plan does not hold: writing it throws on every attempt
    const [job] = await db
      .insert(productImports)
      .values({
        workspaceId: user.workspaceId,
        fileName: "produits.csv",
        fileHash: "0".repeat(64),
        rows: [row],
        total: 1,
        status: "running",
        plan: { groups: {}, batches: [[{ group: "casque", rows: [0] }]] },
      })
      .returning();
    for (let i = 0; i < 4; i++) await resumeStalled(job!.id);
    // two runs (first and resumed) of four attempts each
    const [after] = await db.select().from(productImports).where(eq(productImports.id, job!.id));
    expect(after!.status).toBe("failed");
    expect(after!.finishedAt).not.toBeNull();
    const shown = await call(importStatus, `/api/products/import/${job!.id}`, {
      token: user.token,
      params: { importId: job!.id },
    });
    expect([shown.status, shown.json.status, shown.json.message]).toEqual([
      200,
      "failed",
      "L'import a échoué : les lignes déjà importées sont conservées",
    ]);
    expect(await resumeStalled(job!.id)).toEqual({ resumed: 0 });
    const [later] = await db.select().from(productImports).where(eq(productImports.id, job!.id));
    expect(later!.status).toBe("failed");
  });
});
