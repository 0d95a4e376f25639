import { alertLinks } from "@/lib/alerts";
import type { TReportLine } from "@/lib/email";
import { listPriceFlags } from "@/lib/flags";
import { ZFlagsQuery } from "@/lib/flags/schemas";
import { formatAmount, formatEuros, formatPercent } from "@/lib/format";
import { toCents } from "@/lib/core/money";
import { exportOverview } from "@/lib/insights";
import { getChanges, type TChange } from "@/lib/insights";
import { getOverview } from "@/lib/insights";
import { POSITION_LABELS, ZChangesQuery, ZOverviewQuery } from "@/lib/insights/schemas";
import type { TReportPeriod } from "./report-period";

export type TReportContent = {
  headline: { label: string; value: string }[];
  moves: TReportLine[];
  flags: TReportLine[];
  attachment: { filename: string; content: Buffer } | null;
};

const LINES = 5;
const fr = new Intl.NumberFormat("fr-FR");
const size = (c: TChange) => Math.abs(toCents(c.change_percent) ?? 0);

function moveLine(c: TChange): TReportLine {
  const arrow = c.kind === "drop" ? "Baisse" : "Hausse";
  return {
    title: `${c.product_name} : ${arrow} chez ${c.merchant}`,
    detail:
      `${formatEuros(c.before_price, c.currency)} → ${formatEuros(c.after_price, c.currency)} ` +
      `(${formatPercent(c.change_percent, true)})`,
    link: alertLinks.product(c.product_id),
  };
}

/**
 * What the report says: the 'Vue marché' headline numbers (lib/insights), the biggest price moves of the period,
 * the open promotion-check flags (lib/flags), and the overview table as XLSX. Every number comes from those.
 */
export async function loadReportContent(workspaceId: string, period: TReportPeriod): Promise<TReportContent> {
  const overviewQuery = ZOverviewQuery.parse({});
  const changesQuery = ZChangesQuery.parse({ period: period.frequency === "daily" ? "day" : "week", limit: 500 });
  const [overview, changes, flags, xlsx] = await Promise.all([
    getOverview(workspaceId, overviewQuery, period.until),
    getChanges(workspaceId, changesQuery, period.until),
    listPriceFlags(workspaceId, ZFlagsQuery.parse({ status: "open", limit: 100 })),
    exportOverview(workspaceId, overviewQuery, { type: "xlsx" }),
  ]);
  const { summary } = overview;
  const trend = summary.trend.find((t) => t.days === 7);
  const moves = changes.changes
    .filter((c) => c.kind === "drop" || c.kind === "rise")
    .sort((a, b) => size(b) - size(a))
    .slice(0, LINES);
  return {
    headline: [
      { label: "Produits suivis", value: fr.format(summary.products) },
      { label: "Produits comparés au marché", value: fr.format(summary.compared) },
      ...(["cheapest", "aligned", "dearer"] as const).map((p) => ({
        label: POSITION_LABELS[p],
        value: fr.format(summary.positions[p] ?? 0),
      })),
      { label: "Indice prix (marché = 100)", value: summary.price_index ? formatAmount(summary.price_index) : "—" },
      ...(trend?.change
        ? [
            {
              label: "Évolution de l'indice sur 7 jours",
              value: `${trend.change.startsWith("-") || trend.change === "0.00" ? "" : "+"}${formatAmount(trend.change)} pt`,
            },
          ]
        : []),
      { label: "Baisses de prix sur la période", value: fr.format(changes.counts.drop) },
      { label: "Hausses de prix sur la période", value: fr.format(changes.counts.rise) },
      { label: "Nouvelles ruptures de stock", value: fr.format(changes.counts.out_of_stock) },
      { label: "Signalements ouverts", value: fr.format(flags.length) },
    ],
    moves: moves.map(moveLine),
    flags: flags.slice(0, LINES).map((f) => ({
      title: `${f.product_name} : ${f.kind_label} (${f.url_name})`,
      detail: f.summary,
      link: alertLinks.product(f.product_id),
    })),
    attachment: { filename: "vue_marche.xlsx", content: Buffer.from(await xlsx.arrayBuffer()) },
  };
}
