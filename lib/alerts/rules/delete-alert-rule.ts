import { recordAudit } from "@/lib/audit";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { alertRules } from "@/db/schema";
import { getAlertRuleOrThrow } from "./get-alert-rule-or-throw";

/** Deletes one of the user's rules (its recorded alerts go with it). Allowed on every plan. */
export async function deleteAlertRule(workspaceId: string, productId: string, ruleId: string) {
  const db = await getDb();
  const rule = await getAlertRuleOrThrow(workspaceId, productId, ruleId, db);
  await db.transaction(async (tx) => {
    await tx.delete(alertRules).where(eq(alertRules.id, rule.id));
    await recordAudit(
      tx,
      workspaceId,
      "alert_rule.delete",
      { type: "alert_rule", id: rule.id },
      { product_id: productId, kind: rule.kind },
    );
  });
  return { message: "Règle d'alerte supprimée" };
}
