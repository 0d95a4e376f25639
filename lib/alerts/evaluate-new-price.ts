import { and, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { alertEvents, alertRules, productUrls } from "@/db/schema";
import { enqueueChannelDeliveries } from "@/lib/alert-channels/enqueue-channel-deliveries";
import { requestChannelDeliveries } from "@/lib/alert-channels/request-channel-deliveries";
import { getUserPlan } from "@/lib/billing/plans/get-user-plan";
import { describeFlag } from "@/lib/flags/describe-flag";
import { recordPriceFlags } from "@/lib/flags/record-price-flags";
import type { TFlagEvidence, TFlagKind } from "@/lib/flags/schemas";
import type { TAlertEventDetails } from "./build-alert-item";
import { deliverAlertEvents } from "./deliver-alert-events";
import { describeRule } from "./describe-rule";
import { loadPriceContext, type TPriceContext } from "./load-price-context";
import { centsToDecimal, toCents } from "./rules/cents";
import { confirmsPrice } from "./rules/confirms-price";
import { evaluateRule } from "./rules/evaluate-rule";
import { isBigJump } from "./rules/is-big-jump";
import { isInCooldown } from "./rules/is-in-cooldown";
import type { TRuleInput } from "./rules/types";

/** Re-fetches a URL's price (the pipeline supplies its scraper); null when the second fetch fails. */
export type TConfirmPrice = (urlId: string) => Promise<{ price: string | number | null; available: boolean } | null>;

export type TEvaluateNewPrice = { priceHistoryId: number; urlId?: string };

export type TEvaluateResult =
  | { status: "skipped"; reason: "not_found" | "missing_price" | "plan" | "no_rules" }
  | { status: "needs_confirmation"; urlId: string }
  | { status: "unconfirmed"; urlId: string }
  | { status: "evaluated"; fired: string[]; sent: number };

type TRule = typeof alertRules.$inferSelect;

const dedupeKey = (ruleId: string, priceHistoryId: number) => `alert:${ruleId}:${priceHistoryId}`;

type TFlag = { kind: TFlagKind; evidence: unknown };

function ruleInput(rule: TRule, ctx: TPriceContext, armedState: unknown, flags: TFlag[]): TRuleInput {
  const armed = (armedState as Record<string, boolean> | null)?.[ctx.url.id];
  return {
    rule: {
      kind: rule.kind,
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
async function applyRule(
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
      rule_description: describeRule({
        kind: rule.kind,
        threshold_amount: rule.thresholdAmount,
        threshold_percent: rule.thresholdPercent,
        min_price: rule.minPrice,
        max_price: rule.maxPrice,
      }),
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
        userId: rule.userId,
        productId: rule.productId,
        urlId: ctx.url.id,
        priceHistoryId: ctx.entry.id,
        dedupeKey: key,
        oldPrice: ctx.previousPrice,
        newPrice: ctx.entry.price,
        currency: ctx.entry.currency ?? "EUR",
        details,
        delivery: ctx.user.alertMode === "digest" ? "digest" : "instant",
        status: "pending",
        createdAt: now,
      })
      .onConflictDoNothing({ target: alertEvents.dedupeKey })
      .returning();
    if (!event) return null; // already recorded by an earlier run: nothing more to do
    await enqueueChannelDeliveries(tx, event);
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

/**
 * Runs the owner's active alert rules on a new price entry. Safe to re-run and to run concurrently for
 * the same entry: one alert_event per (rule, entry) and one e-mail per event. A price-less "available"
 * entry (blocked or broken page) triggers nothing. A move of more than 50 % that would fire a price
 * rule is first confirmed through `confirmPrice`; without it the answer is "needs_confirmation".
 */
async function hasActiveRule(db: DbLike, urlId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: alertRules.id })
    .from(alertRules)
    .innerJoin(productUrls, eq(productUrls.productId, alertRules.productId))
    .where(
      and(
        eq(productUrls.id, urlId),
        eq(alertRules.active, true),
        or(isNull(alertRules.urlId), eq(alertRules.urlId, productUrls.id)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function evaluateNewPrice(
  input: TEvaluateNewPrice,
  deps: { confirmPrice?: TConfirmPrice; now?: Date } = {},
): Promise<TEvaluateResult> {
  const db = await getDb();
  // flags are recorded for every reading, alert rules or not (the flags list shows them)
  const flags = await recordPriceFlags(db, input.priceHistoryId);
  // fast path for the common case of a URL without any active rule: one query instead of the context's
  if (input.urlId && !(await hasActiveRule(db, input.urlId))) return { status: "skipped", reason: "no_rules" };
  const ctx = await loadPriceContext(db, input.priceHistoryId);
  if (!ctx || (input.urlId && input.urlId !== ctx.url.id)) return { status: "skipped", reason: "not_found" };
  if (ctx.entry.price === null && ctx.entry.available) return { status: "skipped", reason: "missing_price" };
  const plan = await getUserPlan(ctx.product.userId, db);
  if (!plan.hasEmailAlerts) return { status: "skipped", reason: "plan" };
  const rules = await db
    .select()
    .from(alertRules)
    .where(
      and(
        eq(alertRules.productId, ctx.product.id),
        eq(alertRules.userId, ctx.product.userId),
        eq(alertRules.active, true),
        or(isNull(alertRules.urlId), eq(alertRules.urlId, ctx.url.id)),
      ),
    );
  if (rules.length === 0) return { status: "skipped", reason: "no_rules" };

  const wouldFirePriceRule = rules.some(
    (rule) =>
      rule.kind !== "back_in_stock" &&
      rule.kind !== "out_of_stock" &&
      evaluateRule(ruleInput(rule, ctx, rule.armedState, flags)).fire,
  );
  if (wouldFirePriceRule && isBigJump(ctx.previousPrice, ctx.entry.price)) {
    if (!deps.confirmPrice) return { status: "needs_confirmation", urlId: ctx.url.id };
    const second = await deps.confirmPrice(ctx.url.id);
    const secondPrice = second?.price === null || second?.price === undefined ? null : toCents(second.price);
    if (!second || secondPrice === null || !confirmsPrice(ctx.entry.price, centsToDecimal(secondPrice))) {
      return { status: "unconfirmed", urlId: ctx.url.id };
    }
  }

  const now = deps.now ?? new Date();
  const fired: string[] = [];
  for (const rule of rules) {
    const id = await applyRule(db, rule.id, ctx, flags, now);
    if (id) fired.push(id);
  }
  requestChannelDeliveries(fired);
  const { sent } = await deliverAlertEvents({ priceHistoryId: ctx.entry.id });
  return { status: "evaluated", fired, sent };
}
