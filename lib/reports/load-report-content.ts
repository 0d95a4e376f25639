import { and, count, desc, eq, gte, lt, ne } from "drizzle-orm";
import type { DbLike } from "@/db";
import { alertEvents, priceHistory, productUrls, products } from "@/db/schema";
import { alertLinks } from "@/lib/alerts/alert-links";
import { ALERT_HEADLINES, type TAlertEventDetails } from "@/lib/alerts/build-alert-item";
import { formatPriceVariation } from "@/lib/alerts/format-price-variation";
import type { TReportLine } from "@/lib/email/templates/scheduled-report";
import { formatEuros } from "@/lib/format";
import { toCents } from "@/lib/history/money";
import type { TReportPeriod } from "./report-period";

export type TReportContent = {
  headline: { label: string; value: string }[];
  moves: TReportLine[];
  flags: TReportLine[];
  attachment: { filename: string; content: Buffer } | null;
};

const MOVES = 5;
const fr = new Intl.NumberFormat("fr-FR");

/** Relative move in basis points of the old price (integer cents, no float sums); null without both prices. */
function moveBp(oldPrice: string | null, newPrice: string | null): number | null {
  const before = toCents(oldPrice);
  const after = toCents(newPrice);
  if (before === null || after === null || before === 0) return null;
  return Math.round((Math.abs(after - before) * 10_000) / before);
}

/**
 * What the report says for the period, from the catalogue and the alerts that fired: counts, and the
 * biggest price moves among those alerts.
 */
export async function loadReportContent(db: DbLike, userId: string, period: TReportPeriod): Promise<TReportContent> {
  const inPeriod = (column: typeof priceHistory.createdAt | typeof alertEvents.createdAt) =>
    and(gte(column, period.since), lt(column, period.until));
  const [[productCount], [urlCount], [readings], events] = await Promise.all([
    db.select({ n: count() }).from(products).where(eq(products.userId, userId)),
    db.select({ n: count() }).from(productUrls).where(eq(productUrls.userId, userId)),
    db
      .select({ n: count() })
      .from(priceHistory)
      .innerJoin(productUrls, eq(productUrls.id, priceHistory.urlId))
      .where(and(eq(productUrls.userId, userId), inPeriod(priceHistory.createdAt))),
    db
      .select()
      .from(alertEvents)
      .where(and(eq(alertEvents.userId, userId), ne(alertEvents.delivery, "test"), inPeriod(alertEvents.createdAt)))
      .orderBy(desc(alertEvents.createdAt))
      .limit(1000),
  ]);
  const moves = events
    .map((e) => ({ e, bp: moveBp(e.oldPrice, e.newPrice) }))
    .filter((m): m is { e: (typeof events)[number]; bp: number } => m.bp !== null && m.bp > 0)
    .sort((a, b) => b.bp - a.bp)
    .slice(0, MOVES)
    .map(({ e }) => {
      const d = e.details as TAlertEventDetails;
      const variation = formatPriceVariation(e.oldPrice, e.newPrice).text;
      const currency = e.currency?.trim() || "EUR";
      return {
        title: `${d.product_name} : ${ALERT_HEADLINES[d.kind] ?? "Alerte prix"}`,
        detail: `${d.url_name} · ${formatEuros(e.oldPrice, currency)} → ${formatEuros(e.newPrice, currency)}${variation ? ` (${variation})` : ""}`,
        link: alertLinks.product(e.productId),
      };
    });
  return {
    headline: [
      { label: "Produits suivis", value: fr.format(Number(productCount?.n ?? 0)) },
      { label: "URLs suivies", value: fr.format(Number(urlCount?.n ?? 0)) },
      { label: "Relevés de prix sur la période", value: fr.format(Number(readings?.n ?? 0)) },
      { label: "Alertes déclenchées sur la période", value: fr.format(events.length) },
    ],
    moves,
    flags: [],
    attachment: null,
  };
}
