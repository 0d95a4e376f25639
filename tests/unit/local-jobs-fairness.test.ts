// The local provider's two concurrency bounds (all runs, runs per key): a run waiting for its key's slot holds
// no slot of the job's total, as on Inngest, so another key's run starts (one user's queued imports do not
// hold up every other user's).
import { describe, expect, it } from "vitest";
import { defineJob } from "@/lib/jobs/define-job";
import { runLocalJob, settleLocalJobs } from "@/lib/workers/local-jobs";

describe("the local provider's per-key limit", () => {
  it("lets another key run while one key's runs wait for their turn", async () => {
    const started: string[] = [];
    const release = new Map<string, () => void>();
    const job = defineJob<{ run: string; user: string }>({
      id: "test-fairness",
      name: "test",
      trigger: { event: "test/fairness" },
      concurrency: { limit: 2, per: { key: "user", limit: 1 } },
      handler: async ({ run }) => {
        started.push(run);
        await new Promise<void>((resolve) => release.set(run, resolve));
      },
    });
    // no I/O here: a run that can start has started within a few turns of the event loop
    const whenStarted = async (run: string) => {
      for (let turn = 0; turn < 100 && !release.has(run); turn++) await new Promise((r) => setImmediate(r));
    };
    void runLocalJob(job, { run: "a1", user: "a" });
    await whenStarted("a1");
    void runLocalJob(job, { run: "a2", user: "a" });
    void runLocalJob(job, { run: "b1", user: "b" });
    await whenStarted("b1");
    expect(started).toEqual(["a1", "b1"]);
    release.get("a1")!();
    await whenStarted("a2");
    expect(started).toEqual(["a1", "b1", "a2"]);
    release.get("b1")!();
    release.get("a2")!();
    await settleLocalJobs();
    expect(started).toEqual(["a1", "b1", "a2"]);
  });
});
