import { and, eq } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { alertRules } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const RULE_NOT_FOUND = "Règle d'alerte introuvable";

/** The owner's rule on that product; malformed, missing and foreign ids are the same 404. */
export async function getAlertRuleOrThrow(userId: string, productId: string, ruleId: string, db?: DbLike) {
  if (!UUID.test(ruleId) || !UUID.test(productId)) throw notFound(RULE_NOT_FOUND);
  const conn = db ?? (await getDb());
  const [rule] = await conn
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.id, ruleId), eq(alertRules.userId, userId), eq(alertRules.productId, productId)))
    .limit(1);
  if (!rule) throw notFound(RULE_NOT_FOUND);
  return rule;
}
