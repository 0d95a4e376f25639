import { formatCents, formatDate, formatDateTime } from "@/lib/format";
import { columnSpread, pointAt } from "./chart-scale";
import type { TChartView } from "./use-chart-view";

/** What is in force at time t: each visible merchant's price (and crossed-out price), and my price. */
export function chartValuesAt(view: Extract<TChartView, { empty: false }>, t: number, reference: number | null) {
  // two pixels either side of the cursor
  const halfColumn = (2 * (view.to - view.from)) / view.innerW;
  const rows = view.series
    .filter((s) => !s.hidden)
    .map((s) => ({
      s,
      p: pointAt(s.points, t),
      regular: pointAt(s.regular, t)?.[1] ?? null,
      // by day: the day's low and high; by reading: those of the pixel column under the cursor
      spread: view.byDay ? daySpread(s.days, t) : columnSpread(s.points, t, halfColumn),
    }))
    .filter((r) => r.p !== undefined)
    .map((r) => ({ ...r, p: r.p!, outOfStock: r.s.out_of_stock.find(([at]) => at === r.p![0])?.[1] ?? null }));
  return { t, rows, reference, byDay: view.byDay };
}

/** The low and high of the day in force at t, when they differ. */
function daySpread(days: [number, number | null, number | null, number | null][], t: number): [number, number] | null {
  let found: [number, number | null, number | null, number | null] | undefined;
  for (const day of days) if (day[0] <= t) found = day;
  const [, low, high] = found ?? [];
  return low != null && high != null && low < high ? [low, high] : null;
}

/** The chart's tooltip (pointer, touch or keyboard cursor), announced politely to screen readers. */
export function ChartTooltip({
  values,
  left,
  width,
}: {
  values: ReturnType<typeof chartValuesAt>;
  left: number;
  width: number;
}) {
  const { rows, reference } = values;
  if (rows.length === 0) return null;
  return (
    <div
      role="tooltip"
      aria-live="polite"
      data-chart-tooltip
      className="pointer-events-none absolute top-3 z-10 min-w-44 rounded-lg border border-zinc-200 bg-white/95 px-3 py-2 text-xs shadow-lg"
      style={left > width / 2 ? { right: width - left + 12 } : { left: left + 12 }}
    >
      <p className="num mb-1 font-medium text-zinc-900">
        {values.byDay ? formatDate(values.t) : formatDateTime(values.t)}
      </p>
      <ul className="space-y-0.5">
        {rows.map(({ s, p, regular, spread, outOfStock }) => (
          <li key={s.url_id} className="flex items-center justify-between gap-3">
            <span className="flex min-w-0 items-center gap-1.5 text-zinc-600">
              <span className="size-2 shrink-0 rounded-full" style={{ background: s.color }} />
              <span className="truncate">{s.name}</span>
            </span>
            <span className="num flex items-baseline gap-1.5">
              {p[1] !== null && regular !== null && regular > p[1] ? (
                <s className="text-[11px] text-zinc-500">{formatCents(regular)}</s>
              ) : null}
              {values.byDay && spread && p[1] !== null ? (
                <span className="text-[11px] text-zinc-500">
                  {formatCents(spread[0])} – {formatCents(spread[1])}
                </span>
              ) : null}
              <span className="font-medium text-zinc-900">
                {spread && !(values.byDay && p[1] !== null)
                  ? `${formatCents(spread[0])} – ${formatCents(spread[1])}`
                  : p[1] === null
                    ? outOfStock !== null
                      ? `Indisponible (${formatCents(outOfStock)})`
                      : "Indisponible"
                    : formatCents(p[1])}
              </span>
            </span>
          </li>
        ))}
        {reference !== null ? (
          <li className="flex items-center justify-between gap-3 border-t border-zinc-100 pt-0.5">
            <span className="text-zinc-600">Mon prix</span>
            <span className="num font-medium text-zinc-900">{formatCents(reference)}</span>
          </li>
        ) : null}
      </ul>
      <p className="mt-1 text-[11px] text-zinc-500">
        {values.byDay
          ? "Prix en fin de journée, plus bas – plus haut du jour"
          : `Relevé du ${formatDateTime(Math.max(...rows.map((r) => r.p[0])))}`}
      </p>
    </div>
  );
}
