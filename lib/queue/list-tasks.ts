import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { getDb } from "@/db";
import { scrapeTasks, type TASK_STATUSES } from "@/db/schema";
import { ACTIVE_TASK_STATUSES } from "@/lib/jobs";
import { presentTask } from "./present-task";
import type { TASK_STATUS_FILTERS } from "./schemas";

type TStatus = (typeof TASK_STATUSES)[number];

/**
 * The owner's tasks, newest first. `active` = processing, pending, retry (at most 50, SPEC.md §4);
 * no status or `recent` = the latest tasks (10 by default); optionally within one product.
 */
export async function listTasks(
  workspaceId: string,
  filter: { status?: (typeof TASK_STATUS_FILTERS)[number][]; limit?: number; productId?: string } = {},
) {
  const db = await getDb();
  const requested = filter.status ?? [];
  const statuses = new Set<TStatus>();
  for (const s of requested) {
    if (s === "active") ACTIVE_TASK_STATUSES.forEach((a) => statuses.add(a));
    else if (s !== "recent") statuses.add(s);
  }
  const onlyActive = requested.includes("active") && requested.every((s) => s === "active");
  const max = onlyActive ? 50 : 100;
  const fallback = onlyActive ? 50 : statuses.size > 0 ? 50 : 10;
  const limit = Math.min(filter.limit ?? fallback, max);
  const where: SQL[] = [eq(scrapeTasks.workspaceId, workspaceId)];
  if (statuses.size > 0) where.push(inArray(scrapeTasks.status, [...statuses]));
  if (filter.productId) where.push(eq(scrapeTasks.productId, filter.productId));
  const rows = await db
    .select()
    .from(scrapeTasks)
    .where(and(...where))
    .orderBy(desc(scrapeTasks.createdAt), desc(scrapeTasks.id))
    .limit(limit);
  return rows.map(presentTask);
}
