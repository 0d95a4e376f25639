import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { invoices, plans } from "@/db/schema";
import { getBillingMode } from "@/lib/billing/get-billing-mode";
import { presentPlan } from "@/lib/billing/plans/present-plan";
import { verifyDemoSession } from "./verify-demo-session";

/** What the demo checkout page shows for a session of this user, or why it cannot be paid. */
export async function getDemoCheckout(workspaceId: string, sessionId: string) {
  if (getBillingMode() !== "demo") return { state: "disabled" as const };
  const session = verifyDemoSession(workspaceId, sessionId);
  if (!session) return { state: "not_found" as const };
  const db = await getDb();
  const [plan] = await db.select().from(plans).where(eq(plans.id, session.planId)).limit(1);
  if (!plan) return { state: "not_found" as const };
  const [done] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.stripeInvoiceId, sessionId))
    .limit(1);
  if (done) return { state: "confirmed" as const, plan: presentPlan(plan) };
  if (session.exp * 1000 < Date.now()) return { state: "expired" as const, plan: presentPlan(plan) };
  return { state: "open" as const, plan: presentPlan(plan) };
}
