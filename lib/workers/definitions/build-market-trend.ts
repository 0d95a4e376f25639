import { buildTrendDay, workspacesToBuild } from "@/lib/insights";
import { defineJob } from "@/lib/jobs";

// Every minute: the workspaces whose Paris day is not complete yet get their market_trend rows of the day, in
// batches (lib/insights/rollups.md); until then the overview computes the trend per request. The trend's deltas
// are folded with the other tallies' (fold-market-tallies). One run at a time.
export const buildMarketTrendJob = defineJob({
  id: "build-market-trend",
  name: "Préparer la tendance de la Vue marché",
  trigger: { everyMinute: true },
  concurrency: { limit: 1 },
  handler: async (_payload, io) => {
    const { at, workspaces } = await io.step("find", async () => {
      const now = new Date();
      return { at: now.toISOString(), workspaces: await workspacesToBuild(now) };
    });
    const built: Record<string, { rows: number; batches: number }> = {};
    for (const id of workspaces) built[id] = await io.step(`build-${id}`, () => buildTrendDay(id, new Date(at)));
    return built;
  },
});
