import { and, eq } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { scrapeTasks } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";

/** The owner's task row; a missing task and another user's task are the same 404 (ids checked by the route). */
export async function getTaskOrThrow(workspaceId: string, taskId: string, db?: DbLike) {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select()
    .from(scrapeTasks)
    .where(and(eq(scrapeTasks.id, taskId), eq(scrapeTasks.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("task_not_found");
  return row;
}
