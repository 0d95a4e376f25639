import { recordAudit } from "@/lib/audit";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { alertChannels } from "@/db/schema";
import { getAlertChannelOrThrow } from "./get-alert-channel-or-throw";
import { CHANNEL_MSG } from "./schemas";

/** Deletes one of the user's channels, its rule links and its delivery log (cascade). Allowed on any plan. */
export async function deleteAlertChannel(workspaceId: string, channelId: string) {
  const db = await getDb();
  const channel = await getAlertChannelOrThrow(workspaceId, channelId, db);
  await db.transaction(async (tx) => {
    await tx.delete(alertChannels).where(eq(alertChannels.id, channel.id));
    await recordAudit(
      tx,
      workspaceId,
      "channel.delete",
      { type: "channel", id: channel.id },
      { name: channel.name, kind: channel.kind },
    );
  });
  return { message: CHANNEL_MSG.deleted };
}
