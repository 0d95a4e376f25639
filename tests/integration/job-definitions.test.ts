import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { functions } from "@/inngest";
import { PER_USER_LIMIT } from "@/lib/jobs/claim-tasks";
import { inngestOptions } from "@/lib/jobs/inngest-options";
import { JOBS } from "@/lib/workers/registry";
import { JobRunner } from "@/lib/workers/job-runner";

describe("job definitions", () => {
  it("are what Inngest serves: one function per definition, configured from it", () => {
    const defs = Object.values(JOBS);
    expect(functions.map((f) => f.id()).sort()).toEqual(defs.map((d) => d.id).sort());
    for (const def of defs) {
      const fn = functions.find((f) => f.id() === def.id)!;
      const { onFailure, ...opts } = fn.opts as typeof fn.opts & { onFailure?: unknown };
      expect(opts).toEqual(inngestOptions(def));
      // a job that hands back what a given-up run holds does it in Inngest's onFailure
      expect(onFailure !== undefined).toBe(def.onGiveUp !== undefined);
    }
  });

  it("give the local runner and Inngest the same per-host and per-tenant limits and schedules", async () => {
    const scrape = functions.find((f) => f.id() === JOBS.scrapeTask.id)!;
    const runner = new JobRunner({ scrape: { browser: false } });
    expect(scrape.opts.concurrency).toContainEqual({ key: "event.data.host", limit: runner.perHostLimit });
    expect(scrape.opts.concurrency).toContainEqual({ key: "event.data.workspaceId", limit: PER_USER_LIMIT });
    await runner.stop(0);
    const cron = (id: string) => functions.find((f) => f.id() === id)!.opts.triggers;
    expect(cron(JOBS.sendAlertDigest.id)).toEqual([{ cron: "TZ=Europe/Paris 0 8 * * *" }]);
    expect(cron(JOBS.purgeHistory.id)).toEqual([{ cron: "TZ=Europe/Paris 30 3 * * *" }]);
    expect(cron(JOBS.sweepDueUrls.id)).toEqual([{ cron: "* * * * *" }]);
  });

  it("lists every job written under lib/workers/definitions (a new job's file without its registry line fails here)", async () => {
    const dir = path.resolve("lib/workers/definitions");
    const registered = new Set(Object.values(JOBS));
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThanOrEqual(registered.size);
    for (const file of files) {
      const module: Record<string, unknown> = await import(path.join(dir, file));
      const jobs = Object.values(module).filter(
        (v) => typeof v === "object" && v !== null && "handler" in v && "trigger" in v && "id" in v,
      );
      expect(jobs.length, file).toBeGreaterThan(0);
      for (const job of jobs) expect(registered.has(job as never), `${file}: ${(job as { id: string }).id}`).toBe(true);
    }
  });
});
