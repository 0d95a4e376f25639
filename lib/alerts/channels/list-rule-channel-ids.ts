import { inArray } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertRuleChannels } from "@/db/schema";

/** The channel ids of each rule (rules without any map to an empty list). */
export async function listRuleChannelIds(db: DbLike, ruleIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(ruleIds.map((id) => [id, []]));
  if (ruleIds.length === 0) return map;
  const rows = await db.select().from(alertRuleChannels).where(inArray(alertRuleChannels.ruleId, ruleIds));
  for (const r of rows) map.get(r.ruleId)?.push(r.channelId);
  return map;
}
