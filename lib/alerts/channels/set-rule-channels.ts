import { and, eq, inArray } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertChannels, alertRuleChannels } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { CHANNEL_MSG } from "./schemas";

/**
 * Replaces the channels a rule sends to; every id must be one of the user's channels (else 422). Run it in a
 * transaction: the channels are locked, so one deleted meanwhile is either refused here or waits.
 */
export async function setRuleChannels(db: DbLike, workspaceId: string, ruleId: string, channelIds: string[]) {
  const ids = [...new Set(channelIds)];
  if (ids.length > 0) {
    const owned = await db
      .select({ id: alertChannels.id })
      .from(alertChannels)
      .where(and(eq(alertChannels.workspaceId, workspaceId), inArray(alertChannels.id, ids)))
      .for("key share");
    if (owned.length !== ids.length) {
      throw new AppError("invalid_channel", {
        extra: { errors: { channel_ids: [CHANNEL_MSG.channelIds] } },
      });
    }
  }
  await db.delete(alertRuleChannels).where(eq(alertRuleChannels.ruleId, ruleId));
  if (ids.length > 0) await db.insert(alertRuleChannels).values(ids.map((channelId) => ({ ruleId, channelId })));
}
