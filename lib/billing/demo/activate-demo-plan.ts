import { recordAudit } from "@/lib/audit";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { invoices, plans, subscriptions, workspaces } from "@/db/schema";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { applyPlanLimits } from "@/lib/billing/plans/apply-plan-limits";
import { getBillingMode } from "@/lib/billing/get-billing-mode";
import { findRunningDemoPlan } from "./find-running-demo-plan";
import { verifyDemoSession } from "./verify-demo-session";
import { addVat } from "@/lib/billing/vat";

const DAY_MS = 86_400_000;

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/**
 * Stripe's proration in whole days: the price difference (HT cents) times the days left over the days of
 * the period, rounded to the cent. A started day counts as left.
 */
function proratedUpgradeCents(fromHtCents: number, toHtCents: number, periodEnd: Date, now: Date): number {
  const days = Math.round((periodEnd.getTime() - addMonths(periodEnd, -1).getTime()) / DAY_MS);
  const left = Math.min(days, Math.max(0, Math.ceil((periodEnd.getTime() - now.getTime()) / DAY_MS)));
  return Math.round(((toHtCents - fromHtCents) * left) / days);
}

/**
 * Completes a demo checkout: activates the plan for a month and records a paid demo invoice. An upgrade
 * from a paid demo plan whose period runs keeps that period and is invoiced the prorated difference. Idempotent
 * (the session id is the invoice's unique key). Refused (403) unless the billing mode is "demo" (BILLING_DEMO=1, no
 * Stripe, not production).
 */
export async function activateDemoPlan(workspaceId: string, sessionId: string, now = new Date()) {
  if (getBillingMode() !== "demo") {
    throw new AppError(
      env.isProduction ? "demo_disabled_production" : env.stripeEnabled ? "demo_disabled_stripe" : "demo_disabled",
    );
  }
  const session = verifyDemoSession(workspaceId, sessionId);
  if (!session) throw new AppError("checkout_session_not_found");
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for("update");
    const [done] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.stripeInvoiceId, sessionId))
      .limit(1);
    if (done) return { session_id: sessionId, invoice_id: done.id, already_confirmed: true };
    if (session.exp * 1000 < now.getTime()) throw new AppError("checkout_session_expired");
    const [plan] = await tx.select().from(plans).where(eq(plans.id, session.planId)).limit(1);
    if (!plan?.active) throw new AppError("checkout_session_not_found");

    const held = await findRunningDemoPlan(workspaceId, tx, now);
    const upgradeFrom = held && plan.priceHtCents > held.plan.priceHtCents ? held : null;
    const chargedHt = upgradeFrom
      ? proratedUpgradeCents(upgradeFrom.plan.priceHtCents, plan.priceHtCents, upgradeFrom.periodEnd, now)
      : plan.priceHtCents;

    const values = {
      planId: plan.id,
      status: "active" as const,
      provider: "demo" as const,
      stripeSubscriptionId: null,
      stripeCustomerId: null,
      stripePriceId: null,
      currentPeriodEnd: upgradeFrom?.periodEnd ?? addMonths(now, 1),
      cancelAtPeriodEnd: false,
      pendingPlanId: null,
    };
    await tx
      .insert(subscriptions)
      .values({ workspaceId, ...values })
      .onConflictDoUpdate({ target: subscriptions.workspaceId, set: { ...values, updatedAt: sql`now()` } });
    const day = now.toISOString().slice(0, 10).replaceAll("-", "");
    const [invoice] = await tx
      .insert(invoices)
      .values({
        workspaceId,
        provider: "demo",
        // the demo session id keys the invoice: a second confirmation finds it
        stripeInvoiceId: sessionId,
        number: `DEMO-${day}-${session.nonce.slice(0, 6).toUpperCase()}`,
        // the plan's price excludes tax; the invoice is paid with VAT
        amountPaid: addVat(chargedHt).ttc,
        amountDue: addVat(chargedHt).ttc,
        total: addVat(chargedHt).ttc,
        currency: plan.currency.toLowerCase(),
        status: "paid",
        planId: plan.id,
        createdAt: now,
      })
      .returning({ id: invoices.id });
    await applyPlanLimits(workspaceId, tx);
    await recordAudit(
      tx,
      workspaceId,
      "plan.change",
      { type: "plan", id: plan.code },
      { plan: plan.code, provider: "demo" },
    );
    return { session_id: sessionId, invoice_id: invoice!.id, already_confirmed: false };
  });
}
