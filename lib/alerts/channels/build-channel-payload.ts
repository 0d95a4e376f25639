import type { alertEvents } from "@/db/schema";
import { ALERT_KIND_LABELS, type TAnyAlertKind } from "../schemas";
import { env } from "@/lib/env";

type TEventRow = Pick<
  typeof alertEvents.$inferSelect,
  "id" | "productId" | "urlId" | "oldPrice" | "newPrice" | "currency" | "details" | "createdAt"
>;

/** The JSON body of a webhook delivery (documented for receivers); Slack and Teams messages are made from it. */
export type TChannelPayload = {
  type: "alert" | "test";
  id: string;
  created_at: string;
  alert: {
    kind: TAnyAlertKind;
    kind_label: string;
    rule_description: string;
    product_id: string;
    product_name: string;
    product_link: string;
    merchant_name: string | null;
    merchant_url: string | null;
    old_price: string | null;
    new_price: string | null;
    currency: string;
    available: boolean;
    observed_at: string | null;
  };
};

type TDetails = {
  kind?: TAnyAlertKind;
  rule_description?: string;
  product_name?: string;
  url_name?: string;
  url?: string;
  available?: boolean;
  observed_at?: string;
};

/** The channel message of an alert event (prices stay decimal strings, as stored). */
export function buildChannelPayload(event: TEventRow, type: "alert" | "test" = "alert"): TChannelPayload {
  const d = (event.details ?? {}) as TDetails;
  const kind = d.kind ?? "any_change";
  return {
    type,
    id: event.id,
    created_at: event.createdAt.toISOString(),
    alert: {
      kind,
      kind_label: ALERT_KIND_LABELS[kind] ?? kind,
      rule_description: d.rule_description ?? "",
      product_id: event.productId,
      product_name: d.product_name ?? "",
      product_link: `${env.appUrl}/products/${event.productId}`,
      merchant_name: d.url_name ?? null,
      merchant_url: d.url ?? null,
      old_price: event.oldPrice,
      new_price: event.newPrice,
      currency: event.currency ?? "EUR",
      available: d.available ?? true,
      observed_at: d.observed_at ?? null,
    },
  };
}
