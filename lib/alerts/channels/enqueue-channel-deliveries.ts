import { and, eq } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertChannelDeliveries, alertChannels, type alertEvents, alertRuleChannels } from "@/db/schema";
import { buildChannelPayload } from "./build-channel-payload";

/**
 * Records one delivery per channel the event's rule sends to, in the caller's transaction (with the event,
 * so a crash never loses one). Idempotent: one delivery per (channel, event).
 */
export async function enqueueChannelDeliveries(db: DbLike, event: typeof alertEvents.$inferSelect) {
  const channels = await db
    .select({ id: alertChannels.id })
    .from(alertRuleChannels)
    .innerJoin(alertChannels, eq(alertChannels.id, alertRuleChannels.channelId))
    .where(and(eq(alertRuleChannels.ruleId, event.ruleId), eq(alertChannels.workspaceId, event.workspaceId)));
  if (channels.length === 0) return 0;
  const payload = buildChannelPayload(event);
  const rows = await db
    .insert(alertChannelDeliveries)
    .values(channels.map((c) => ({ channelId: c.id, workspaceId: event.workspaceId, alertEventId: event.id, payload })))
    .onConflictDoNothing()
    .returning({ id: alertChannelDeliveries.id });
  return rows.length;
}
