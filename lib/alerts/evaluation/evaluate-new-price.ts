import { and, eq, isNull, or } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { alertRules, productUrls } from "@/db/schema";
import { getWorkspacePlan } from "@/lib/billing";
import { recordPriceFlags } from "@/lib/flags";
import { applyRule, ruleInput } from "./apply-alert-rule";
import { deliverAlertEvents } from "@/lib/alerts/delivery/deliver-alert-events";
import { loadPriceContext, type TEarlierReadings } from "./load-price-context";
import { bigCentsToDecimal, toBigCents } from "./cents";
import { confirmsPrice } from "./confirms-price";
import { evaluateRule } from "./evaluate-rule";
import { isBigJump } from "./is-big-jump";
import { triggerJob } from "@/lib/jobs";

/** Re-fetches a URL's price (the pipeline supplies its scraper); null when the second fetch fails. */
export type TConfirmPrice = (urlId: string) => Promise<{ price: string | number | null; available: boolean } | null>;

export type TEvaluateNewPrice = {
  priceHistoryId: number;
  urlId?: string;
  /** The earlier readings, when the writer of the entry read them (recordSuccess): not read again. */
  earlier?: TEarlierReadings;
};

export type TEvaluateResult =
  | { status: "skipped"; reason: "not_found" | "missing_price" | "plan" | "no_rules" | "correction" }
  | { status: "needs_confirmation"; urlId: string }
  | { status: "unconfirmed"; urlId: string }
  | { status: "evaluated"; fired: string[]; sent: number };

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

/**
 * Runs the owner's active alert rules on a new price entry. Safe to re-run and to run concurrently for
 * the same entry: one alert_event per (rule, entry) and one e-mail per event. A price-less "available"
 * entry (blocked or broken page) triggers nothing. A move of more than 50 % that would fire a price
 * rule is first confirmed through `confirmPrice`; without it the answer is "needs_confirmation". A correction
 * (the first reading after the user chose the right price on the page) fires nothing.
 */
export async function evaluateNewPrice(
  input: TEvaluateNewPrice,
  deps: { confirmPrice?: TConfirmPrice; now?: Date } = {},
): Promise<TEvaluateResult> {
  const db = await getDb();
  // flags are recorded for every reading, alert rules or not (the flags list shows them)
  const flags = await recordPriceFlags(db, input.priceHistoryId);
  // fast path for the common case of a URL without any active rule: one query instead of the context's
  if (input.urlId && !(await hasActiveRule(db, input.urlId))) return { status: "skipped", reason: "no_rules" };
  const ctx = await loadPriceContext(db, input.priceHistoryId, input.earlier);
  if (!ctx || (input.urlId && input.urlId !== ctx.url.id)) return { status: "skipped", reason: "not_found" };
  if (ctx.entry.price === null && ctx.entry.available) return { status: "skipped", reason: "missing_price" };
  // the user's price choice fixed our reading, the shop's price did not move: no alert, no webhook
  if (ctx.entry.kind === "correction") return { status: "skipped", reason: "correction" };
  const plan = await getWorkspacePlan(ctx.product.workspaceId, db);
  if (!plan.hasEmailAlerts) return { status: "skipped", reason: "plan" };
  const rules = await db
    .select()
    .from(alertRules)
    .where(
      and(
        eq(alertRules.productId, ctx.product.id),
        eq(alertRules.workspaceId, ctx.product.workspaceId),
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
    const secondPrice = second?.price === null || second?.price === undefined ? null : toBigCents(second.price);
    if (!second || secondPrice === null || !confirmsPrice(ctx.entry.price, bigCentsToDecimal(secondPrice))) {
      return { status: "unconfirmed", urlId: ctx.url.id };
    }
  }

  const now = deps.now ?? new Date();
  const fired: string[] = [];
  for (const rule of rules) {
    const id = await applyRule(db, rule.id, ctx, flags, now);
    if (id) fired.push(id);
  }
  // not awaited: e-mail is never held up by a channel; what is missed is sent by the minute job
  if (fired.length > 0) void triggerJob("deliverChannelMessages", { alertEventIds: fired });
  const { sent } = await deliverAlertEvents({ priceHistoryId: ctx.entry.id });
  return { status: "evaluated", fired, sent };
}
