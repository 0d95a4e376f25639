import { sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { defineJob } from "@/lib/jobs";
import { triggerJob } from "@/lib/jobs";

// Every minute: an import whose run died (no batch written for two minutes) is run again from its cursor.
export const resumeImportsJob = defineJob({
  id: "resume-imports",
  name: "Reprendre les imports interrompus",
  trigger: { everyMinute: true },
  concurrency: { limit: 1 },
  handler: (_payload, io) =>
    io.step("resume", async () => {
      const stalled = await queryRows<{ id: string; workspace_id: string }>(
        await getDb(),
        sql`update product_imports set updated_at = now()
            where status in ('pending', 'running') and updated_at < now() - interval '2 minutes'
            returning id, workspace_id`,
      );
      await triggerJob(
        "importProducts",
        stalled.map((r) => ({ importId: r.id, workspaceId: r.workspace_id })),
      );
      return { resumed: stalled.length };
    }),
});
