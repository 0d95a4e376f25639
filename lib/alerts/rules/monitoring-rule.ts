import { and, eq } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertRules } from "@/db/schema";
import { presentAlertRule } from "./present-alert-rule";

export const DEFAULT_FAILURE_THRESHOLD = 3;

type TRuleRow = typeof alertRules.$inferSelect;

const ofWorkspace = (workspaceId: string) =>
  and(eq(alertRules.workspaceId, workspaceId), eq(alertRules.kind, "monitoring_stopped"));

/**
 * The workspace's built-in 'Surveillance interrompue' rule, created on first use (active, 3 failures): every
 * workspace has it without anyone creating it. Idempotent under concurrency (one per workspace, unique index).
 */
export async function ensureMonitoringRule(db: DbLike, workspaceId: string): Promise<TRuleRow> {
  const [existing] = await db.select().from(alertRules).where(ofWorkspace(workspaceId)).limit(1);
  if (existing) return existing;
  await db
    .insert(alertRules)
    .values({
      workspaceId,
      productId: null,
      kind: "monitoring_stopped",
      failureThreshold: DEFAULT_FAILURE_THRESHOLD,
      cooldownMinutes: 0,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(alertRules).where(ofWorkspace(workspaceId)).limit(1);
  return row!;
}

export function presentMonitoringRule(rule: TRuleRow) {
  const view = presentAlertRule(rule);
  return {
    id: view.id,
    kind: view.kind,
    kind_label: view.kind_label,
    description: view.description,
    active: view.active,
    failure_threshold: rule.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD,
    last_fired_at: view.last_fired_at,
  };
}

export async function getMonitoringRule(db: DbLike, workspaceId: string) {
  return presentMonitoringRule(await ensureMonitoringRule(db, workspaceId));
}

export async function updateMonitoringRule(
  db: DbLike,
  workspaceId: string,
  change: { active?: boolean; failure_threshold?: number },
) {
  const rule = await ensureMonitoringRule(db, workspaceId);
  const [row] = await db
    .update(alertRules)
    .set({
      ...(change.active === undefined ? {} : { active: change.active }),
      ...(change.failure_threshold === undefined ? {} : { failureThreshold: change.failure_threshold }),
      updatedAt: new Date(),
    })
    .where(and(eq(alertRules.id, rule.id), eq(alertRules.workspaceId, workspaceId)))
    .returning();
  return presentMonitoringRule(row!);
}
