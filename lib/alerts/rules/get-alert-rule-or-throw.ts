import { and, eq } from "drizzle-orm";
import { getDb, type DbLike, type TRowLock } from "@/db";
import { alertRules } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";

/**
 * The owner's rule on that product; missing and foreign ids are the same 404 (malformed ones never reach it).
 * With `lock` (inside a transaction), a concurrent change or delete waits for the commit.
 */
export async function getAlertRuleOrThrow(
  workspaceId: string,
  productId: string,
  ruleId: string,
  db?: DbLike,
  lock?: TRowLock,
) {
  const conn = db ?? (await getDb());
  const query = conn
    .select()
    .from(alertRules)
    .where(and(eq(alertRules.id, ruleId), eq(alertRules.workspaceId, workspaceId), eq(alertRules.productId, productId)))
    .limit(1);
  const [rule] = lock ? await query.for(lock) : await query;
  if (!rule) throw new AppError("alert_rule_not_found");
  return rule;
}
