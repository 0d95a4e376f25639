"use client";

import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useProductHistory } from "@/client/hooks/use-product-history";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatCents, formatEuros } from "@/lib/format";
import { HISTORY_RANGES, RANGE_LABELS, type THistoryRange } from "@/lib/history/schemas";
import { ChartLegend } from "./chart-legend";
import { ChartTooltip, chartValuesAt } from "./chart-tooltip";
import { stepTime, timeTickLabel } from "./chart-scale";
import { CHART_HEIGHT as HEIGHT, CHART_PAD as PAD, useChartView } from "./use-chart-view";

const REFERENCE_COLOR = "#18181b";
const DAY = 86_400_000;
const MIN_ADVERTISED_COLOR = "#b45309";

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A horizontal reference price across the chart, labelled above it at the right or below it at the left. */
function ReferenceLine({
  y,
  width,
  color,
  dash,
  label,
  className,
  labelAt,
  ...data
}: {
  y: number;
  width: number;
  color: string;
  dash: string;
  label: string;
  className: string;
  labelAt: "start" | "end";
  "data-reference-line"?: boolean;
  "data-min-advertised-line"?: boolean;
}) {
  return (
    <g {...data}>
      <line
        x1={PAD.left}
        x2={width - PAD.right}
        y1={y}
        y2={y}
        stroke={color}
        strokeWidth={1.25}
        strokeDasharray={dash}
      />
      <text
        x={labelAt === "end" ? width - PAD.right - 4 : PAD.left + 4}
        y={labelAt === "end" ? y - 5 : y + 13}
        textAnchor={labelAt}
        className={cn("text-[11px] font-medium", className)}
      >
        {label}
      </text>
    </g>
  );
}

/**
 * Price per merchant over time (hand-written SVG): step lines, gaps where a URL was unavailable or failed, the
 * crossed-out price as a faint dashed line, my price and the minimum advertised price as reference lines, a fr-FR tooltip under the pointer,
 * the finger or the arrow keys, ranges 7 / 30 / 90 days / all within the plan's retention.
 */
export function PriceChart({ productId }: { productId: string }) {
  const [range, setRange] = useState<THistoryRange>("30d");
  const [boxRef, width] = useWidth<HTMLDivElement>();
  // one bucket per pixel column, rounded so that small resizes do not refetch
  const buckets =
    width > 0 ? Math.min(4000, Math.max(100, Math.ceil((width - PAD.left - PAD.right) / 100) * 100)) : null;
  const { data, error, isLoading: loading } = useProductHistory(productId, range, buckets);
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [cursor, setCursor] = useState<number | null>(null);
  const view = useChartView(data, width, hidden);
  const reference = data?.reference_price ?? null;
  const ready = view && !view.empty ? view : null;
  const values = ready && cursor !== null && cursor >= ready.from ? chartValuesAt(ready, cursor, reference) : null;
  const cursorX = ready && cursor !== null ? ready.x(cursor) : null;
  const hasRegular = ready?.series.some((s) => s.regularD) ?? false;

  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    if (!ready) return;
    const { times } = ready;
    let next: number | null;
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") next = stepTime(times, cursor, e.key === "ArrowLeft" ? -1 : 1);
    else if (e.key === "Home") next = times[0] ?? null;
    else if (e.key === "End") next = times[times.length - 1] ?? null;
    else if (e.key === "Escape") next = null;
    else return;
    e.preventDefault();
    setCursor(next);
  };

  return (
    <section
      aria-labelledby={`chart-${productId}`}
      aria-busy={!view || loading}
      className="min-w-0 rounded-lg border border-zinc-200 bg-white"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-100 px-4 py-3">
        <div>
          <h3 id={`chart-${productId}`} className="text-sm font-semibold text-zinc-900">
            Évolution des prix
          </h3>
          {data?.retention_days ? (
            <p className="text-xs text-zinc-500">
              Historique conservé {data.retention_days} jours avec votre abonnement
            </p>
          ) : null}
        </div>
        <div
          role="group"
          aria-label="Période"
          className="inline-flex rounded-lg border border-zinc-200 bg-zinc-50 p-0.5"
        >
          {HISTORY_RANGES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={range === r}
              onClick={() => setRange(r)}
              className={cn(
                "rounded-md px-2.5 py-1 text-xs font-medium transition-colors",
                range === r
                  ? "bg-white text-zinc-900 shadow-xs ring-1 ring-zinc-200"
                  : "text-zinc-600 hover:text-zinc-900",
              )}
            >
              {RANGE_LABELS[r]}
            </button>
          ))}
        </div>
      </header>

      <div ref={boxRef} className="relative px-1 pt-2">
        {error && !data ? (
          <div className="p-3">
            <Alert tone="error">{error.message}</Alert>
          </div>
        ) : !view ? (
          <div role="status" aria-label="Chargement du graphique" className="p-3">
            <Skeleton className="h-[236px] w-full" />
          </div>
        ) : !ready ? (
          <p className="flex h-[200px] items-center justify-center text-sm text-zinc-500">
            Aucun prix relevé sur cette période
          </p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys move the tooltip's cursor
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            tabIndex={0}
            aria-label="Graphique de l'évolution des prix par marchand (flèches gauche et droite : parcourir les relevés)"
            className={cn(
              "block touch-none select-none rounded-md focus-visible:outline-2 focus-visible:outline-indigo-500",
              loading && "opacity-60",
            )}
            onPointerMove={(e) => {
              const px = e.clientX - e.currentTarget.getBoundingClientRect().left;
              const t = ready.from + ((px - PAD.left) / ready.innerW) * (ready.to - ready.from);
              setCursor(t < ready.from || t > ready.to ? null : t);
            }}
            onPointerLeave={() => setCursor(null)}
            onFocus={() => setCursor((c) => c ?? ready.times[ready.times.length - 1] ?? null)}
            onBlur={() => setCursor(null)}
            onKeyDown={onKeyDown}
          >
            {ready.yTicks.map((v) => (
              <g key={v}>
                <line
                  x1={PAD.left}
                  x2={width - PAD.right}
                  y1={ready.y(v * 100)}
                  y2={ready.y(v * 100)}
                  stroke="#f4f4f5"
                />
                <text
                  x={PAD.left - 8}
                  y={ready.y(v * 100)}
                  dy="0.32em"
                  textAnchor="end"
                  className="fill-zinc-500 text-[11px] tabular-nums"
                >
                  {formatEuros(v)}
                </text>
              </g>
            ))}
            {ready.xTicks.map((t, i) => (
              <text
                key={t}
                data-x-tick
                x={ready.x(t)}
                y={HEIGHT - 8}
                textAnchor={i === 0 ? "start" : i === ready.xTicks.length - 1 ? "end" : "middle"}
                className="fill-zinc-500 text-[11px] tabular-nums"
              >
                {timeTickLabel(t, ready.to - ready.from)}
              </text>
            ))}
            {ready.reference !== null ? (
              <ReferenceLine
                data-reference-line
                y={ready.y(ready.reference)}
                width={width}
                color={REFERENCE_COLOR}
                dash="6 4"
                label={`Mon prix ${formatCents(ready.reference)}`}
                className="fill-zinc-900"
                labelAt="end"
              />
            ) : null}
            {ready.minAdvertised !== null ? (
              <ReferenceLine
                data-min-advertised-line
                y={ready.y(ready.minAdvertised)}
                width={width}
                color={MIN_ADVERTISED_COLOR}
                dash="2 3"
                label={`Prix min. annoncé ${formatCents(ready.minAdvertised)}`}
                className="fill-amber-800"
                labelAt="start"
              />
            ) : null}
            {ready.series.map((s) =>
              s.regularD ? (
                <path
                  key={`${s.url_id}-regular`}
                  data-regular-line
                  d={s.regularD}
                  fill="none"
                  stroke={s.color}
                  strokeOpacity={0.35}
                  strokeWidth={1.25}
                  strokeDasharray="3 3"
                />
              ) : null,
            )}
            {ready.series.map((s) =>
              s.d ? (
                <path key={s.url_id} d={s.d} fill="none" stroke={s.color} strokeWidth={1.75} strokeLinejoin="round" />
              ) : null,
            )}
            {ready.series.map((s) =>
              s.regularDots.map(([t, v]) => (
                <circle
                  key={`${s.url_id}-regular-${t}`}
                  cx={ready.x(t)}
                  cy={ready.y(v)}
                  r={2.25}
                  fill={s.color}
                  fillOpacity={0.35}
                />
              )),
            )}
            {ready.series.map((s) =>
              s.dots.map(([t, v]) => (
                <circle
                  key={`${s.url_id}-${t}`}
                  data-reading
                  cx={ready.x(t)}
                  cy={ready.y(v)}
                  r={2.75}
                  fill={s.color}
                  stroke="white"
                  strokeWidth={1}
                />
              )),
            )}
            {ready.series.map((s) =>
              s.dayBars.map(([t, low, high]) => (
                <line
                  key={`${s.url_id}-day-${t}`}
                  data-day-range
                  x1={ready.x(t + DAY / 2)}
                  x2={ready.x(t + DAY / 2)}
                  y1={ready.y(low) + (low === high ? 1.5 : 0)}
                  y2={ready.y(high) - (low === high ? 1.5 : 0)}
                  stroke={s.color}
                  strokeOpacity={0.45}
                  strokeWidth={3}
                  strokeLinecap="round"
                />
              )),
            )}
            {ready.series.map((s) =>
              s.outOfStockDots.map(([t, v]) => (
                <circle
                  key={`${s.url_id}-oos-${t}`}
                  data-out-of-stock
                  cx={ready.x(t)}
                  cy={ready.y(v)}
                  r={3}
                  fill="white"
                  stroke={s.color}
                  strokeWidth={1.5}
                >
                  <title>{`Indisponible à ${formatCents(v)}`}</title>
                </circle>
              )),
            )}
            {values && cursorX !== null ? (
              <g pointerEvents="none">
                <line
                  x1={cursorX}
                  x2={cursorX}
                  y1={PAD.top}
                  y2={HEIGHT - PAD.bottom}
                  stroke="#a1a1aa"
                  strokeDasharray="3 3"
                />
                {values.rows.map(({ s, p }) =>
                  p[1] !== null ? (
                    <circle
                      key={s.url_id}
                      cx={cursorX}
                      cy={ready.y(p[1])}
                      r={3.5}
                      fill="white"
                      stroke={s.color}
                      strokeWidth={2}
                    />
                  ) : null,
                )}
              </g>
            ) : null}
          </svg>
        )}
        {values && cursorX !== null ? <ChartTooltip values={values} left={cursorX} width={width} /> : null}
      </div>

      {data && data.series.length > 0 ? (
        <ChartLegend
          series={view?.series ?? []}
          reference={ready?.reference ?? null}
          minAdvertised={ready?.minAdvertised ?? null}
          hasRegular={hasRegular}
          onToggle={(urlId) =>
            setHidden((h) => {
              const next = new Set(h);
              if (next.has(urlId)) next.delete(urlId);
              else next.add(urlId);
              return next;
            })
          }
        />
      ) : data ? (
        <p className="px-4 pb-4 text-sm text-zinc-500">Aucune URL suivie pour ce produit</p>
      ) : null}
    </section>
  );
}
