"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { formatDateTime, formatEuros } from "@/lib/format";
import { useProductHistory } from "@/client/hooks/use-product-history";
import { HISTORY_RANGES, RANGE_LABELS, type THistoryRange } from "@/lib/history/schemas";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { niceTicks, pointAt, stepPath, timeDomain, timeTickLabel, valueDomain } from "./chart-scale";

const COLORS = [
  "#4f46e5",
  "#0891b2",
  "#d97706",
  "#db2777",
  "#16a34a",
  "#7c3aed",
  "#dc2626",
  "#0d9488",
  "#ca8a04",
  "#475569",
];
const HEIGHT = 260;
const MAX_DOTS = 60;
const PAD = { top: 12, right: 16, bottom: 28, left: 72 };

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

/**
 * Price per merchant over time (hand-written SVG): step lines, gaps where a URL was unavailable or failed,
 * a fr-FR tooltip, ranges 7 / 30 / 90 days / all within the plan's retention. The server sends at most a few
 * points per pixel column, so 10 URLs × 10,000 readings stay light.
 */
export function PriceChart({ productId }: { productId: string }) {
  const [range, setRange] = useState<THistoryRange>("30d");
  const [boxRef, width] = useWidth<HTMLDivElement>();
  // one bucket per pixel column, rounded so that small resizes do not refetch
  const buckets =
    width > 0 ? Math.min(4000, Math.max(100, Math.ceil((width - PAD.left - PAD.right) / 100) * 100)) : null;
  const { data, error, isLoading: loading } = useProductHistory(productId, range, buckets);
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [hoverX, setHoverX] = useState<number | null>(null);

  const view = useMemo(() => {
    if (!data || width === 0) return null;
    const rangeFrom = new Date(data.from).getTime();
    const to = new Date(data.to).getTime();
    const visible = data.series.map((s, i) => ({
      ...s,
      color: COLORS[i % COLORS.length]!,
      hidden: hidden.has(s.url_id),
    }));
    let min = Infinity;
    let max = -Infinity;
    for (const s of visible) {
      if (s.hidden) continue;
      for (const [, v] of s.points) {
        if (v === null) continue;
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
    if (min === Infinity) return { from: rangeFrom, to, visible, empty: true as const };
    let first: number | null = null;
    for (const s of visible) {
      if (s.hidden) continue;
      const p = s.points.find(([, v]) => v !== null);
      if (p && (first === null || p[0] < first)) first = p[0];
    }
    const [from] = timeDomain(rangeFrom, to, first);
    const [lo, hi] = valueDomain(min, max);
    const innerW = Math.max(10, width - PAD.left - PAD.right);
    const innerH = HEIGHT - PAD.top - PAD.bottom;
    const x = (t: number) => PAD.left + ((t - from) / Math.max(1, to - from)) * innerW;
    const y = (v: number) => PAD.top + (1 - (v - lo) / Math.max(1, hi - lo)) * innerH;
    const yTicks = niceTicks(lo / 100, hi / 100, 4).filter((v) => v * 100 >= lo && v * 100 <= hi);
    const tickCount = Math.max(2, Math.min(6, Math.floor(innerW / 110)));
    const xTicks = Array.from({ length: tickCount }, (_, i) => from + ((to - from) * i) / (tickCount - 1));
    const paths = visible.map((s) => {
      const inView = s.points.filter((p): p is [number, number] => p[1] !== null && p[0] >= from);
      // readings drawn as dots while they are few enough to tell apart
      const dots = !s.hidden && inView.length <= MAX_DOTS ? inView : [];
      return { ...s, dots, d: s.hidden ? "" : stepPath(s.points, x, y, x(to)) };
    });
    return { from, to, visible: paths, empty: false as const, x, y, yTicks, xTicks, innerW };
  }, [data, width, hidden]);

  const hover = useMemo(() => {
    if (!view || view.empty || hoverX === null) return null;
    const t = view.from + ((hoverX - PAD.left) / view.innerW) * (view.to - view.from);
    if (t < view.from || t > view.to) return null;
    const rows = view.visible
      .filter((s) => !s.hidden)
      .map((s) => ({ s, p: pointAt(s.points, t) }))
      .filter((r) => r.p !== undefined);
    return { t, rows };
  }, [view, hoverX]);

  return (
    <section aria-labelledby={`chart-${productId}`} className="min-w-0 rounded-lg border border-zinc-200 bg-white">
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
        ) : view.empty ? (
          <p className="flex h-[200px] items-center justify-center text-sm text-zinc-500">
            Aucun prix relevé sur cette période
          </p>
        ) : (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-label="Graphique de l'évolution des prix par marchand"
            className={cn("block touch-none select-none", loading && "opacity-60")}
            onPointerMove={(e) => setHoverX(e.clientX - e.currentTarget.getBoundingClientRect().left)}
            onPointerLeave={() => setHoverX(null)}
          >
            {view.yTicks.map((v) => (
              <g key={v}>
                <line x1={PAD.left} x2={width - PAD.right} y1={view.y(v * 100)} y2={view.y(v * 100)} stroke="#f4f4f5" />
                <text
                  x={PAD.left - 8}
                  y={view.y(v * 100)}
                  dy="0.32em"
                  textAnchor="end"
                  className="fill-zinc-500 text-[11px] tabular-nums"
                >
                  {formatEuros(v)}
                </text>
              </g>
            ))}
            {view.xTicks.map((t, i) => (
              <text
                key={t}
                x={view.x(t)}
                y={HEIGHT - 8}
                textAnchor={i === 0 ? "start" : i === view.xTicks.length - 1 ? "end" : "middle"}
                className="fill-zinc-500 text-[11px] tabular-nums"
              >
                {timeTickLabel(t, view.to - view.from)}
              </text>
            ))}
            {view.visible.map((s) =>
              s.d ? (
                <path key={s.url_id} d={s.d} fill="none" stroke={s.color} strokeWidth={1.75} strokeLinejoin="round" />
              ) : null,
            )}
            {view.visible.map((s) =>
              s.dots.map(([t, v]) => (
                <circle
                  key={`${s.url_id}-${t}`}
                  data-reading
                  cx={view.x(t)}
                  cy={view.y(v)}
                  r={2.75}
                  fill={s.color}
                  stroke="white"
                  strokeWidth={1}
                />
              )),
            )}
            {hover ? (
              <g pointerEvents="none">
                <line
                  x1={hoverX!}
                  x2={hoverX!}
                  y1={PAD.top}
                  y2={HEIGHT - PAD.bottom}
                  stroke="#a1a1aa"
                  strokeDasharray="3 3"
                />
                {hover.rows.map(({ s, p }) =>
                  p && p[1] !== null ? (
                    <circle
                      key={s.url_id}
                      cx={hoverX!}
                      cy={view.y(p[1])}
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
        {hover && view && !view.empty && hover.rows.length > 0 ? (
          <div
            role="tooltip"
            className="pointer-events-none absolute top-3 z-10 min-w-44 rounded-lg border border-zinc-200 bg-white/95 px-3 py-2 text-xs shadow-lg"
            style={hoverX! > width / 2 ? { right: width - hoverX! + 12 } : { left: hoverX! + 12 }}
          >
            <p className="num mb-1 font-medium text-zinc-900">{formatDateTime(hover.t)}</p>
            <ul className="space-y-0.5">
              {hover.rows.map(({ s, p }) => (
                <li key={s.url_id} className="flex items-center justify-between gap-3">
                  <span className="flex min-w-0 items-center gap-1.5 text-zinc-600">
                    <span className="size-2 shrink-0 rounded-full" style={{ background: s.color }} />
                    <span className="truncate">{s.name}</span>
                  </span>
                  <span className="num font-medium text-zinc-900">
                    {p![1] === null ? "Indisponible" : formatEuros(p![1] / 100)}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-1 text-[11px] text-zinc-500">
              Relevé du {formatDateTime(Math.max(...hover.rows.map((r) => r.p![0])))}
            </p>
          </div>
        ) : null}
      </div>

      {data && data.series.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1.5 border-t border-zinc-100 px-4 py-2.5" aria-label="Marchands">
          {view?.visible.map((s) => (
            <li key={s.url_id}>
              <button
                type="button"
                aria-pressed={!s.hidden}
                title={s.hidden ? "Afficher cette courbe" : "Masquer cette courbe"}
                onClick={() =>
                  setHidden((h) => {
                    const next = new Set(h);
                    if (next.has(s.url_id)) next.delete(s.url_id);
                    else next.add(s.url_id);
                    return next;
                  })
                }
                className={cn(
                  "flex items-center gap-1.5 text-xs",
                  s.hidden ? "text-zinc-500 line-through" : "text-zinc-700",
                )}
              >
                <span className="h-0.5 w-4 rounded" style={{ background: s.color }} />
                {s.name}
              </button>
            </li>
          ))}
        </ul>
      ) : data ? (
        <p className="px-4 pb-4 text-sm text-zinc-500">Aucune URL suivie pour ce produit</p>
      ) : null}
    </section>
  );
}
