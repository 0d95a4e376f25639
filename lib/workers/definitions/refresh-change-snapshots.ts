import { refreshChangeSnapshots } from "@/lib/insights";
import { defineJob } from "@/lib/jobs";

// Every minute: the changes of the large catalogues read lately are computed again (lib/insights/change-snapshots.ts),
// so that their readers page through a list at most a minute or two old instead of each computing it.
export const refreshChangeSnapshotsJob = defineJob({
  id: "refresh-change-snapshots",
  name: "Recalculer les changements des grands catalogues",
  trigger: { everyMinute: true },
  concurrency: { limit: 1 },
  handler: (_payload, io) => io.step("refresh", () => refreshChangeSnapshots()),
});
