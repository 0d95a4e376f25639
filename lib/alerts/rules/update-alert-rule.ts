import { recordAudit } from "@/lib/audit";
import { eq, sql } from "drizzle-orm";
import { type DbTx, getDb } from "@/db";
import { alertRules, productUrls } from "@/db/schema";
import { listRuleChannelIds, setRuleChannels } from "../channels";
import { getProductUrlOrThrow } from "@/lib/products";
import { assertEmailAlertsAllowed } from "./assert-email-alerts-allowed";
import { getAlertRuleOrThrow } from "./get-alert-rule-or-throw";
import { presentAlertRule } from "./present-alert-rule";
import { ZCreateAlertRule, type TUpdateAlertRule } from "@/lib/alerts/schemas";

/**
 * Changes a rule: the patch is merged with the stored rule and validated whole. Switching a rule off is
 * always allowed; anything else needs a plan with e-mail alerts. A new condition (or a rule switched
 * back on) starts re-armed on every URL.
 */
export async function updateAlertRule(workspaceId: string, productId: string, ruleId: string, patch: TUpdateAlertRule) {
  const db = await getDb();
  // all or nothing (a refused channel list keeps the old rule); a concurrent delete waits, or this finds no rule
  return db.transaction(async (tx) => applyPatch(tx, workspaceId, productId, ruleId, patch));
}

async function applyPatch(db: DbTx, workspaceId: string, productId: string, ruleId: string, patch: TUpdateAlertRule) {
  const current = await getAlertRuleOrThrow(workspaceId, productId, ruleId, db, "no key update");
  const onlyDisabling = Object.entries(patch).every(([k, v]) => v === undefined || (k === "active" && v === false));
  if (!onlyDisabling) await assertEmailAlertsAllowed(workspaceId, db);
  const merged = ZCreateAlertRule.parse({
    kind: patch.kind ?? current.kind,
    url_id: patch.url_id !== undefined ? patch.url_id : current.urlId,
    threshold_amount: patch.threshold_amount !== undefined ? patch.threshold_amount : current.thresholdAmount,
    threshold_percent: patch.threshold_percent !== undefined ? patch.threshold_percent : current.thresholdPercent,
    min_price: patch.min_price !== undefined ? patch.min_price : current.minPrice,
    max_price: patch.max_price !== undefined ? patch.max_price : current.maxPrice,
    cooldown_minutes: patch.cooldown_minutes ?? current.cooldownMinutes,
    active: patch.active ?? current.active,
  });
  if (merged.url_id && merged.url_id !== current.urlId)
    await getProductUrlOrThrow(workspaceId, merged.url_id, { productId, db, lock: "key share" });
  const conditionChanged =
    merged.kind !== current.kind ||
    merged.url_id !== current.urlId ||
    merged.threshold_amount !== current.thresholdAmount ||
    merged.threshold_percent !== current.thresholdPercent ||
    merged.min_price !== current.minPrice ||
    merged.max_price !== current.maxPrice ||
    (merged.active && !current.active);
  const [rule] = await db
    .update(alertRules)
    .set({
      kind: merged.kind,
      urlId: merged.url_id,
      thresholdAmount: merged.threshold_amount,
      thresholdPercent: merged.threshold_percent,
      minPrice: merged.min_price,
      maxPrice: merged.max_price,
      cooldownMinutes: merged.cooldown_minutes,
      active: merged.active,
      ...(conditionChanged ? { armedState: {} } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(alertRules.id, current.id))
    .returning();
  if (patch.channel_ids !== undefined) await setRuleChannels(db, workspaceId, current.id, patch.channel_ids);
  const channelIds = (await listRuleChannelIds(db, [current.id])).get(current.id) ?? [];
  await recordAudit(
    db,
    workspaceId,
    "alert_rule.update",
    { type: "alert_rule", id: current.id },
    { product_id: productId, ...patch },
  );
  const [url] = rule!.urlId
    ? await db.select({ name: productUrls.name }).from(productUrls).where(eq(productUrls.id, rule!.urlId))
    : [];
  return presentAlertRule(rule!, url?.name ?? null, channelIds);
}
