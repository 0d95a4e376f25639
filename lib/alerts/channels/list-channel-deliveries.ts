import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { alertChannelDeliveries } from "@/db/schema";
import { getAlertChannelOrThrow } from "./get-alert-channel-or-throw";
import { presentChannelDelivery } from "./present-channel-delivery";

/** The latest deliveries of one of the user's channels, newest first. */
export async function listChannelDeliveries(workspaceId: string, channelId: string, limit: number) {
  const db = await getDb();
  const channel = await getAlertChannelOrThrow(workspaceId, channelId, db);
  const rows = await db
    .select()
    .from(alertChannelDeliveries)
    .where(eq(alertChannelDeliveries.channelId, channel.id))
    .orderBy(desc(alertChannelDeliveries.createdAt), desc(alertChannelDeliveries.id))
    .limit(limit);
  return { deliveries: rows.map(presentChannelDelivery) };
}
