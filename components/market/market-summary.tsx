import type { TOverviewData } from "@/client/hooks/use-market";
import { cn } from "@/lib/cn";
import { formatPercent } from "@/lib/format";
import { POSITION_LABELS, POSITIONS } from "@/lib/insights/schemas";

/** "+2,79 pt", "-1,20 pt", "stable"; a trend without readings to compare says so. */
function trendText(change: string | null) {
  if (change === null) return "pas de relevé à comparer";
  const text = formatPercent(change, true).replace(" %", " pt");
  return /^[+-]/.test(text) ? text : "stable";
}

/** The catalogue price index, its trend over 7 and 30 days and the count of products per position. */
export function MarketSummary({ summary, compact = false }: { summary: TOverviewData["summary"]; compact?: boolean }) {
  const positions = compact ? POSITIONS.filter((p) => p !== "no_market") : POSITIONS;
  return (
    <div className="space-y-3">
      <div className="rounded-lg bg-zinc-50 px-4 py-3">
        <p className="text-xs font-medium text-zinc-500">Indice prix du catalogue</p>
        <p className="mt-1">
          <span className="num text-2xl font-semibold text-zinc-900">
            {summary.price_index === null ? "—" : formatPercent(summary.price_index).replace(" %", "")}
          </span>
          <span className="ml-2 text-xs text-zinc-500">100 = moyenne du marché</span>
        </p>
        <ul className="mt-1 flex flex-wrap gap-x-4 text-xs text-zinc-600">
          {summary.trend.map((t) => (
            <li key={t.days}>
              Sur {t.days} jours : <span className="num font-medium">{trendText(t.change)}</span>
            </li>
          ))}
        </ul>
      </div>
      <dl className={cn("grid gap-3", compact ? "grid-cols-3" : "grid-cols-2 sm:grid-cols-4")}>
        {positions.map((p) => (
          <div key={p} className="rounded-lg bg-zinc-50 px-3 py-2.5">
            <dt className="text-xs font-medium text-zinc-500">{POSITION_LABELS[p]}</dt>
            <dd className="num mt-0.5 text-xl font-semibold text-zinc-900">{summary.positions[p] ?? 0}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
