import { and, eq } from "drizzle-orm";
import { type DbLike, getDb } from "@/db";
import { alertChannels } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";
import { CHANNEL_MSG } from "./schemas";

/** One of the user's channels; another user's channel is 404, like a missing one. */
export async function getAlertChannelOrThrow(userId: string, channelId: string, db?: DbLike) {
  const conn = db ?? (await getDb());
  const [channel] = await conn
    .select()
    .from(alertChannels)
    .where(and(eq(alertChannels.id, channelId), eq(alertChannels.userId, userId)))
    .limit(1);
  if (!channel) throw notFound(CHANNEL_MSG.notFound, "alert_channel_not_found");
  return channel;
}
