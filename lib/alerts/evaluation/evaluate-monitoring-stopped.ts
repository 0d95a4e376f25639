import { and, eq, gte, ne } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertEvents, alertRules, productUrls, products, users, workspaceMembers } from "@/db/schema";
import { enqueueChannelDeliveries } from "../channels";
import { enqueueEmailDeliveries } from "@/lib/alerts/delivery/enqueue-email-deliveries";
import { deliverAlertEvents } from "@/lib/alerts/delivery/deliver-alert-events";
import type { TAlertEventDetails } from "@/lib/alerts/delivery/build-alert-item";
import { ensureMonitoringRule } from "@/lib/alerts/rules/monitoring-rule";
import { presentAlertRule } from "@/lib/alerts/rules/present-alert-rule";
import { getWorkspacePlan } from "@/lib/billing";
import { triggerJob } from "@/lib/jobs";
import { isWorkspaceOwner } from "@/lib/workspaces";

/** The lowest threshold a workspace may choose: below it nothing is read. */
export const MIN_FAILURE_THRESHOLD = 2;

/**
 * 'Surveillance interrompue' after a failed or blocked check of a URL that has now failed `failures` times in a
 * row (product_urls.consecutive_failures, reset by any success). Runs in the transaction that recorded the
 * failure, which holds the URL's row: fires once per run of failures, i.e. when no event of the rule exists for
 * the URL since its latest reading (a success writes one, opening a new run). Returns the new event id.
 */
export async function evaluateMonitoringStopped(
  tx: DbLike,
  input: { workspaceId: string; urlId: string; failures: number; error: string },
): Promise<string | null> {
  if (input.failures < MIN_FAILURE_THRESHOLD) return null;
  const rule = await ensureMonitoringRule(tx, input.workspaceId);
  if (!rule.active || input.failures < (rule.failureThreshold ?? 3)) return null;
  const plan = await getWorkspacePlan(input.workspaceId, tx);
  if (!plan.hasEmailAlerts) return null;
  const [ctx] = await tx
    .select({
      url: {
        id: productUrls.id,
        name: productUrls.name,
        url: productUrls.url,
        latestReadingId: productUrls.latestReadingId,
        latestAt: productUrls.latestAt,
        lastStatus: productUrls.lastStatus,
      },
      productId: products.id,
      productName: products.name,
      alertMode: workspaceMembers.alertMode,
    })
    .from(productUrls)
    .innerJoin(products, eq(products.id, productUrls.productId))
    .innerJoin(users, isWorkspaceOwner(input.workspaceId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, input.workspaceId), eq(workspaceMembers.userId, users.id)),
    )
    .where(and(eq(productUrls.id, input.urlId), eq(productUrls.workspaceId, input.workspaceId)))
    .limit(1);
  if (!ctx) return null;
  const [already] = await tx
    .select({ id: alertEvents.id })
    .from(alertEvents)
    .where(
      and(
        eq(alertEvents.ruleId, rule.id),
        eq(alertEvents.urlId, input.urlId),
        ne(alertEvents.delivery, "test"),
        ctx.url.latestAt ? gte(alertEvents.createdAt, ctx.url.latestAt) : undefined,
      ),
    )
    .limit(1);
  if (already) return null;
  const now = new Date();
  const details: TAlertEventDetails & { failures: number; error: string; status: string } = {
    kind: "monitoring_stopped",
    rule_description: presentAlertRule(rule).description,
    product_name: ctx.productName,
    url_name: ctx.url.name,
    url: ctx.url.url,
    available: false,
    observed_at: now.toISOString(),
    finding: `${input.failures} relevés d'affilée en échec ; dernier : ${input.error}`,
    failures: input.failures,
    error: input.error,
    status: ctx.url.lastStatus,
  };
  const [event] = await tx
    .insert(alertEvents)
    .values({
      ruleId: rule.id,
      workspaceId: input.workspaceId,
      productId: ctx.productId,
      urlId: input.urlId,
      dedupeKey: `monitoring:${rule.id}:${input.urlId}:${ctx.url.latestReadingId ?? 0}:${input.failures}`,
      currency: "EUR",
      details,
      delivery: ctx.alertMode === "digest" ? "digest" : "instant",
      status: ctx.alertMode === "none" ? "skipped" : "pending",
      createdAt: now,
    })
    .onConflictDoNothing({ target: alertEvents.dedupeKey })
    .returning();
  if (!event) return null;
  await enqueueChannelDeliveries(tx, event);
  await enqueueEmailDeliveries(tx, event);
  await tx.update(alertRules).set({ lastFiredAt: now }).where(eq(alertRules.id, rule.id));
  return event.id;
}

/** After the commit: the instant e-mail and the channels (what fails here is resent by the sweeps). */
export async function deliverMonitoringStopped(eventId: string) {
  void triggerJob("deliverChannelMessages", { alertEventIds: [eventId] });
  await deliverAlertEvents({ eventIds: [eventId] });
}
