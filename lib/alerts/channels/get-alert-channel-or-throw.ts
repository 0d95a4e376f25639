import { and, eq } from "drizzle-orm";
import { type DbLike, getDb, type TRowLock } from "@/db";
import { alertChannels } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";

/**
 * One of the user's channels; another user's channel is 404, like a missing one. With `lock` (inside a
 * transaction), a concurrent delete waits for the commit.
 */
export async function getAlertChannelOrThrow(workspaceId: string, channelId: string, db?: DbLike, lock?: TRowLock) {
  const conn = db ?? (await getDb());
  const query = conn
    .select()
    .from(alertChannels)
    .where(and(eq(alertChannels.id, channelId), eq(alertChannels.workspaceId, workspaceId)))
    .limit(1);
  const [channel] = lock ? await query.for(lock) : await query;
  if (!channel) throw new AppError("alert_channel_not_found");
  return channel;
}
