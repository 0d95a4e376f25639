import { recordAudit } from "@/lib/audit";
import { and, count, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { alertRules } from "@/db/schema";
import { setRuleChannels } from "../channels";
import { AppError } from "@/lib/errors/app-error";
import { getProductOrThrow } from "@/lib/products";
import { getProductUrlOrThrow } from "@/lib/products";
import { assertEmailAlertsAllowed } from "./assert-email-alerts-allowed";
import { presentAlertRule } from "./present-alert-rule";
import type { TCreateAlertRule } from "@/lib/alerts/schemas";

export const MAX_RULES_PER_PRODUCT = 20;

/** Adds a rule to one of the user's products (all its URLs, or one of them). Plans without e-mail alerts: 403. */
export async function createAlertRule(workspaceId: string, productId: string, input: TCreateAlertRule) {
  const db = await getDb();
  const product = await getProductOrThrow(workspaceId, productId, db);
  await assertEmailAlertsAllowed(workspaceId, db);
  const url = input.url_id
    ? await getProductUrlOrThrow(workspaceId, input.url_id, { productId: product.id, db })
    : null;
  const [{ n }] = (await db
    .select({ n: count() })
    .from(alertRules)
    .where(and(eq(alertRules.productId, product.id), eq(alertRules.workspaceId, workspaceId)))) as [{ n: number }];
  if (Number(n) >= MAX_RULES_PER_PRODUCT) {
    throw new AppError("alert_rules_limit", {
      detail: `Vous avez atteint la limite de ${MAX_RULES_PER_PRODUCT} règles d'alerte pour ce produit.`,
    });
  }
  const rule = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(alertRules)
      .values({
        workspaceId,
        productId: product.id,
        urlId: url?.id ?? null,
        kind: input.kind,
        thresholdAmount: input.threshold_amount,
        thresholdPercent: input.threshold_percent,
        minPrice: input.min_price,
        maxPrice: input.max_price,
        cooldownMinutes: input.cooldown_minutes,
        active: input.active,
      })
      .returning();
    await setRuleChannels(tx, workspaceId, row!.id, input.channel_ids);
    await recordAudit(
      tx,
      workspaceId,
      "alert_rule.create",
      { type: "alert_rule", id: row!.id },
      { product_id: product.id, kind: input.kind },
    );
    return row!;
  });
  return presentAlertRule(rule, url?.name ?? null, [...new Set(input.channel_ids)]);
}
