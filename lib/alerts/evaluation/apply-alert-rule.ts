import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertEvents, alertRules } from "@/db/schema";
import { enqueueChannelDeliveries } from "../channels";
import { enqueueEmailDeliveries } from "@/lib/alerts/delivery/enqueue-email-deliveries";
import { describeFlag } from "@/lib/flags";
import type { TFlagEvidence, TFlagKind } from "@/lib/flags/schemas";
import type { TAlertEventDetails } from "@/lib/alerts/delivery/build-alert-item";
import { presentAlertRule } from "@/lib/alerts/rules/present-alert-rule";
import type { TPriceContext } from "./load-price-context";
import { evaluateRule } from "./evaluate-rule";
import { isInCooldown } from "./is-in-cooldown";
import type { TAlertKind } from "@/lib/alerts/schemas";
import type { TRuleInput } from "./types";

export type TRule = typeof alertRules.$inferSelect;

const dedupeKey = (ruleId: string, priceHistoryId: number) => `alert:${ruleId}:${priceHistoryId}`;

export type TFlag = { kind: TFlagKind; evidence: unknown };

export function ruleInput(rule: TRule, ctx: TPriceContext, armedState: unknown, flags: TFlag[]): TRuleInput {
  const armed = (armedState as Record<string, boolean> | null)?.[ctx.url.id];
  return {
    rule: {
      // product rules only (selected by product): never the catalogue-wide 'monitoring_stopped'
      kind: rule.kind as TAlertKind,
      thresholdAmount: rule.thresholdAmount,
      thresholdPercent: rule.thresholdPercent,
      minPrice: rule.minPrice,
      maxPrice: rule.maxPrice,
    },
    current: { price: ctx.entry.price, available: ctx.entry.available },
    previousPrice: ctx.previousPrice,
    previousAvailable: ctx.previousAvailable,
    referencePrice: ctx.product.referencePrice,
    armed: armed !== false,
    flags: flags.map((f) => f.kind),
  };
}

/** Decides and records one rule for the entry under a row lock; returns the new event id when it fired. */
export async function applyRule(
  db: DbLike,
  ruleId: string,
  ctx: TPriceContext,
  flags: TFlag[],
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [rule] = await tx
      .select()
      .from(alertRules)
      .where(and(eq(alertRules.id, ruleId), eq(alertRules.active, true)))
      .for("update")
      .limit(1);
    if (!rule) return null;
    const input = ruleInput(rule, ctx, rule.armedState, flags);
    const outcome = evaluateRule(input);
    const key = dedupeKey(rule.id, ctx.entry.id);
    let fire = outcome.fire;
    let armed = outcome.armed;
    if (fire) {
      const [last] = await tx
        .select({ createdAt: alertEvents.createdAt })
        .from(alertEvents)
        .where(
          and(
            eq(alertEvents.ruleId, rule.id),
            eq(alertEvents.urlId, ctx.url.id),
            ne(alertEvents.delivery, "test"),
            ne(alertEvents.dedupeKey, key),
          ),
        )
        .orderBy(desc(alertEvents.createdAt))
        .limit(1);
      // a level rule held back by the cooldown stays armed, so it fires once the cooldown is over
      if (isInCooldown(last?.createdAt ?? null, rule.cooldownMinutes, now)) {
        fire = false;
        armed = input.armed;
      }
    }
    const armedChanged = armed !== input.armed;
    if (!fire) {
      if (armedChanged) await setArmed(tx, rule.id, ctx.url.id, armed, null);
      return null;
    }
    const details: TAlertEventDetails = {
      kind: rule.kind,
      rule_description: presentAlertRule(rule).description,
      product_name: ctx.product.name,
      url_name: ctx.url.name,
      url: ctx.url.url,
      available: ctx.entry.available,
      observed_at: ctx.entry.createdAt.toISOString(),
      reference_price: ctx.product.referencePrice,
    };
    const flag = flags.find((f) => f.kind === rule.kind);
    if (flag) details.finding = describeFlag(flag.kind, flag.evidence as TFlagEvidence);
    const [event] = await tx
      .insert(alertEvents)
      .values({
        ruleId: rule.id,
        workspaceId: rule.workspaceId,
        productId: ctx.product.id,
        urlId: ctx.url.id,
        priceHistoryId: ctx.entry.id,
        dedupeKey: key,
        oldPrice: ctx.previousPrice,
        newPrice: ctx.entry.price,
        currency: ctx.entry.currency ?? "EUR",
        details,
        delivery: ctx.user.alertMode === "digest" ? "digest" : "instant",
        // the recipient chose no alert e-mail here: recorded, never mailed
        status: ctx.user.alertMode === "none" ? "skipped" : "pending",
        createdAt: now,
      })
      .onConflictDoNothing({ target: alertEvents.dedupeKey })
      .returning();
    if (!event) return null; // already recorded by an earlier run: nothing more to do
    await enqueueChannelDeliveries(tx, event);
    await enqueueEmailDeliveries(tx, event);
    await setArmed(tx, rule.id, ctx.url.id, armed, now);
    return event.id;
  });
}

async function setArmed(db: DbLike, ruleId: string, urlId: string, armed: boolean, firedAt: Date | null) {
  await db
    .update(alertRules)
    .set({
      armedState: sql`${alertRules.armedState} || jsonb_build_object(${urlId}::text, ${armed}::boolean)`,
      ...(firedAt ? { lastFiredAt: firedAt } : {}),
    })
    .where(eq(alertRules.id, ruleId));
}
