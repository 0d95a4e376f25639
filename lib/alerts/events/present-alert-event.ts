import type { alertEvents } from "@/db/schema";
import { ALERT_HEADLINES, type TAlertEventDetails } from "@/lib/alerts/delivery/build-alert-item";
import { formatPriceVariation } from "@/lib/alerts/delivery/format-price-variation";

type TEventRow = typeof alertEvents.$inferSelect;

/** The API shape of a recorded alert. */
export function presentAlertEvent(event: TEventRow) {
  const d = event.details as Partial<TAlertEventDetails> & { error?: string };
  return {
    id: event.id,
    rule_id: event.ruleId,
    url_id: event.urlId,
    kind: d.kind ?? null,
    headline: d.kind ? ALERT_HEADLINES[d.kind] : "Alerte",
    description: d.rule_description ?? null,
    url_name: d.url_name ?? null,
    old_price: event.oldPrice,
    new_price: event.newPrice,
    currency: event.currency?.trim() || "EUR",
    variation: formatPriceVariation(event.oldPrice, event.newPrice).text,
    available: d.available ?? null,
    delivery: event.delivery,
    status: event.status,
    error: event.status === "failed" ? (d.error ?? null) : null,
    created_at: event.createdAt,
    sent_at: event.sentAt,
  };
}

export type TAlertEventView = ReturnType<typeof presentAlertEvent>;
