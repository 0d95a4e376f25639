import { and, eq, isNull, or } from "drizzle-orm";
import { getDb } from "@/db";
import { alertRules } from "@/db/schema";
import { getWorkspacePlan } from "@/lib/billing";
import { syncFloorFlags } from "@/lib/flags";
import { applyRule } from "./apply-alert-rule";
import { deliverAlertEvents } from "@/lib/alerts/delivery/deliver-alert-events";
import { loadPriceContext } from "./load-price-context";
import { triggerJob } from "@/lib/jobs";

/**
 * After a product's minimum advertised price changed: re-judges each URL's latest reading against the new floor
 * and runs the product's "below_min_advertised" rules on the flags this opened, as for a new reading. One
 * alert per (rule, reading) as there: a flag reopened on a reading that already alerted sends nothing again.
 */
export async function evaluateFloorChange(productId: string, deps: { now?: Date } = {}) {
  const db = await getDb();
  const now = deps.now ?? new Date();
  const opened = await syncFloorFlags(db, productId, now);
  const fired: string[] = [];
  for (const flag of opened) {
    const ctx = await loadPriceContext(db, flag.priceHistoryId);
    if (!ctx) continue;
    if (!(await getWorkspacePlan(ctx.product.workspaceId, db)).hasEmailAlerts) break;
    const rules = await db
      .select({ id: alertRules.id })
      .from(alertRules)
      .where(
        and(
          eq(alertRules.productId, productId),
          eq(alertRules.kind, "below_min_advertised"),
          eq(alertRules.active, true),
          or(isNull(alertRules.urlId), eq(alertRules.urlId, ctx.url.id)),
        ),
      );
    for (const rule of rules) {
      const id = await applyRule(db, rule.id, ctx, [flag], now);
      if (id) fired.push(id);
    }
  }
  // not awaited: e-mail is never held up by a channel; what is missed is sent by the minute job
  if (fired.length > 0) void triggerJob("deliverChannelMessages", { alertEventIds: fired });
  // the product is saved: a failed e-mail stays 'failed' for the retry sweep rather than failing the edit
  if (fired.length)
    await deliverAlertEvents({ eventIds: fired }).catch((error: unknown) =>
      console.error("[alertes] envoi en échec après le changement du prix minimum annoncé", error),
    );
  return { opened: opened.length, fired };
}
