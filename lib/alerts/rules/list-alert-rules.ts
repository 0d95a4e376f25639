import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { alertRules, productUrls } from "@/db/schema";
import { listRuleChannelIds } from "../channels";
import { getWorkspacePlan } from "@/lib/billing";
import { getProductOrThrow } from "@/lib/products";
import { presentAlertRule } from "./present-alert-rule";

/** The rules of one of the user's products, oldest first, with whether the plan sends e-mail alerts. */
export async function listAlertRules(workspaceId: string, productId: string) {
  const db = await getDb();
  const product = await getProductOrThrow(workspaceId, productId, db);
  const rows = await db
    .select({ rule: alertRules, urlName: productUrls.name })
    .from(alertRules)
    .leftJoin(productUrls, eq(productUrls.id, alertRules.urlId))
    .where(and(eq(alertRules.productId, product.id), eq(alertRules.workspaceId, workspaceId)))
    .orderBy(asc(alertRules.createdAt), asc(alertRules.id));
  const plan = await getWorkspacePlan(workspaceId, db);
  const channels = await listRuleChannelIds(
    db,
    rows.map((r) => r.rule.id),
  );
  return {
    rules: rows.map((r) => presentAlertRule(r.rule, r.urlName, channels.get(r.rule.id))),
    has_email_alerts: plan.hasEmailAlerts,
    reference_price: product.referencePrice,
    min_advertised_price: product.minAdvertisedPrice,
  };
}
