import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { alertEvents, alertRules, priceHistory, productUrls } from "@/db/schema";
import { sendEmail } from "@/lib/email";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { rateLimit } from "@/lib/core/rate-limit";
import { getProductOrThrow } from "@/lib/products";
import { assertEmailAlertsAllowed } from "@/lib/alerts/rules/assert-email-alerts-allowed";
import type { TAlertEventDetails } from "./build-alert-item";
import { presentAlertRule } from "@/lib/alerts/rules/present-alert-rule";
import { getAlertRuleOrThrow } from "@/lib/alerts/rules/get-alert-rule-or-throw";
import { presentAlertEvent } from "@/lib/alerts/events/present-alert-event";
import { renderAlertEmail } from "./render-alert-email";
import type { TSendTestAlert } from "@/lib/alerts/schemas";

type TUser = { id: string; workspaceId: string; email: string; firstName: string; emailVerified: boolean };

/**
 * Sends the user, right away, an alert e-mail marked as a test for one rule of a product (the given
 * one, else the latest), with the URL's two latest prices; records it as a 'test' alert_event.
 */
export async function sendTestAlert(user: TUser, input: TSendTestAlert) {
  const db = await getDb();
  const product = await getProductOrThrow(user.workspaceId, input.product_id, db);
  await assertEmailAlertsAllowed(user.workspaceId, db);
  if (!user.emailVerified) throw new AppError("email_unverified");
  await rateLimit(`alert-test:${user.id}`, 5, 10 * 60_000);
  const rule = input.rule_id
    ? await getAlertRuleOrThrow(user.workspaceId, product.id, input.rule_id, db)
    : (
        await db
          .select()
          .from(alertRules)
          .where(and(eq(alertRules.productId, product.id), eq(alertRules.workspaceId, user.workspaceId)))
          .orderBy(desc(alertRules.createdAt))
          .limit(1)
      )[0];
  if (!rule) throw new AppError("no_alert_rule");

  const [url] = await db
    .select()
    .from(productUrls)
    .where(and(eq(productUrls.productId, product.id), rule.urlId ? eq(productUrls.id, rule.urlId) : undefined))
    .orderBy(asc(productUrls.createdAt))
    .limit(1);
  const prices = url
    ? await db
        .select()
        .from(priceHistory)
        .where(and(eq(priceHistory.urlId, url.id), isNotNull(priceHistory.price)))
        .orderBy(desc(priceHistory.createdAt), desc(priceHistory.id))
        .limit(2)
    : [];
  const [latest, before] = prices;
  const details: TAlertEventDetails = {
    kind: rule.kind,
    rule_description: presentAlertRule(rule).description,
    product_name: product.name,
    url_name: url?.name ?? "Marchand d'exemple",
    url: url?.url ?? env.appUrl,
    available: latest?.available ?? true,
    observed_at: (latest?.createdAt ?? new Date()).toISOString(),
    reference_price: product.referencePrice,
  };
  const dedupeKey = `test:${rule.id}:${randomUUID()}`;
  const [event] = await db
    .insert(alertEvents)
    .values({
      ruleId: rule.id,
      workspaceId: user.workspaceId,
      productId: product.id,
      urlId: url?.id ?? null,
      priceHistoryId: latest?.id ?? null,
      dedupeKey,
      oldPrice: before?.price ?? null,
      newPrice: latest?.price ?? null,
      currency: latest?.currency ?? "EUR",
      details,
      delivery: "test",
      status: "pending",
    })
    .returning();

  try {
    const email = await renderAlertEmail({ event: event!, firstName: user.firstName, userId: user.id, test: true });
    await sendEmail({ to: user.email, userId: user.id, ...email, kind: "alert_test", idempotencyKey: dedupeKey });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(alertEvents)
      .set({ status: "failed", details: sql`${alertEvents.details} || jsonb_build_object('error', ${message}::text)` })
      .where(eq(alertEvents.id, event!.id));
    throw new AppError("email_failed");
  }
  const [sent] = await db
    .update(alertEvents)
    .set({ status: "sent", sentAt: sql`now()` })
    .where(eq(alertEvents.id, event!.id))
    .returning();
  return { message: `Alerte de test envoyée à ${user.email}`, event: presentAlertEvent(sent!) };
}
