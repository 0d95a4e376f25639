import { sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { claim, type TClaimedTask } from "./claim-tasks";

/**
 * One fetch per page: with each claimed task, claims the waiting tasks of the workspace's other product URLs
 * that track the same page (same normalised URL, same price rule and fetch mode), due or not. They are
 * marked `fetch_of` the leader (they do not count against the host's concurrency: they fetch nothing) and
 * are settled from the leader's outcome.
 */
export async function claimFollowers(
  tx: DbLike,
  workerId: string,
  leaseMs: number,
  leaders: TClaimedTask[],
): Promise<TClaimedTask[]> {
  for (const leader of leaders) {
    if (!leader.pageKey || !leader.urlId) continue;
    const followers = await claim(
      tx,
      workerId,
      leaseMs,
      sql`select f.id from scrape_tasks f
        join product_urls pf on pf.id = f.url_id
        join product_urls pl on pl.id = ${leader.urlId}
        where f.workspace_id = ${leader.workspaceId} and f.page_key = ${leader.pageKey}
          and f.status in ('pending', 'retry') and f.id <> ${leader.id}
          and pf.selector is not distinct from pl.selector and pf.fetch_mode = pl.fetch_mode
        for update of f skip locked`,
    );
    if (followers.length === 0) continue;
    await tx.execute(sql`update scrape_tasks set metadata = metadata || jsonb_build_object('fetch_of', ${leader.id}::text)
      where id in (${sql.join(
        followers.map((f) => sql`${f.id}::uuid`),
        sql`, `,
      )})`);
    leader.followers = followers;
  }
  return leaders;
}
