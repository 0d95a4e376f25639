import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { alertRules, products } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { roleAtLeast } from "@/lib/workspaces";
import { findUnsubscribeMember } from "./unsubscribe-member";
import { verifyUnsubscribeToken } from "./verify-unsubscribe-token";
import { presentAlertRule } from "@/lib/alerts/rules/present-alert-rule";

/**
 * What an unsubscribe link points at, for the member it names, without changing anything (GET must stay
 * harmless: mail scanners follow links). Forged or altered tokens, and unknown workspaces: 400 invalid_token.
 */
export async function readUnsubscribeToken(token: string) {
  const scope = verifyUnsubscribeToken(token);
  if (!scope) throw new AppError("invalid_token");
  const db = await getDb();
  const member = await findUnsubscribeMember(db, scope);
  if (!member) throw new AppError("invalid_token");
  const workspace_name = member.workspaceName;
  if (!scope.ruleId || !roleAtLeast(member.role, "editor")) {
    const rules = await db
      .select({ id: alertRules.id })
      .from(alertRules)
      .where(and(eq(alertRules.workspaceId, scope.workspaceId), eq(alertRules.active, true)));
    return {
      scope: "all" as const,
      active: member.alertMode !== "none" && rules.length > 0,
      active_rules: rules.length,
      product_name: null,
      rule_description: null,
      workspace_name,
    };
  }
  const [row] = await db
    .select({ rule: alertRules, productName: products.name })
    .from(alertRules)
    // the built-in 'Surveillance interrompue' rule has no product
    .leftJoin(products, eq(products.id, alertRules.productId))
    .where(and(eq(alertRules.id, scope.ruleId), eq(alertRules.workspaceId, scope.workspaceId)))
    .limit(1);
  return {
    scope: "rule" as const,
    active: row?.rule.active ?? false,
    active_rules: row?.rule.active ? 1 : 0,
    product_name: row?.productName ?? null,
    rule_description: row ? presentAlertRule(row.rule).description : null,
    workspace_name,
  };
}
