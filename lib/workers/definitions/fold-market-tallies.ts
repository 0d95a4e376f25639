import { getDb } from "@/db";
import { foldMarketTallies } from "@/lib/insights";
import { defineJob } from "@/lib/jobs";

// Every minute: the Vue marché's pending tally deltas are added into the folded tallies (lib/insights/rollups.md),
// so that a reader sums a minute's deltas at most. One at a time: a fold locks the folded rows it adds to.
export const foldMarketTalliesJob = defineJob({
  id: "fold-market-tallies",
  name: "Cumuler les compteurs de la Vue marché",
  trigger: { everyMinute: true },
  concurrency: { limit: 1 },
  handler: (_payload, io) => io.step("fold", async () => (await getDb()).transaction((tx) => foldMarketTallies(tx))),
});
