import { useMemo } from "react";
import type { TProductHistory } from "@/client/hooks/use-product-history";
import { chartExtent, dayPoints, niceTicks, spreadTicks, stepPath, timeDomain, valueDomain } from "./chart-scale";

export const CHART_COLORS = [
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
export const CHART_HEIGHT = 260;
export const CHART_PAD = { top: 12, right: 16, bottom: 28, left: 72 };
const MAX_DOTS = 60;
/** Room for a time label ('26/11 23:04' at 11 px) and a gap. */
const MIN_TICK_GAP = 76;
const DAY = 86_400_000;
const HOUR = 3_600_000;

export type TChartView = NonNullable<ReturnType<typeof useChartView>>;

/** Scales, ticks and SVG paths of the price chart for the visible merchants, at a given width. */
export function useChartView(data: TProductHistory | undefined, width: number, hidden: Set<string>) {
  return useMemo(() => {
    if (!data || width === 0) return null;
    const rangeFrom = new Date(data.from).getTime();
    const to = new Date(data.to).getTime();
    const reference = data.reference_price;
    const minAdvertised = data.min_advertised_price;
    const byDay = data.grain === "day";
    const series = data.series.map((s, i) => ({
      ...s,
      // by day: the closing prices make the line, each day's low and high a bar, so no drop within a day is hidden
      points: byDay ? dayPoints(s.points, s.days, rangeFrom) : s.points,
      color: CHART_COLORS[i % CHART_COLORS.length]!,
      hidden: hidden.has(s.url_id),
      // no price in the range (never read, or only failures): the legend says so instead of showing a line's colour
      unread: !s.points.some(([, v]) => v !== null) && s.out_of_stock.length === 0,
    }));
    const shown = series.filter((s) => !s.hidden);
    const extent = chartExtent(shown, reference, minAdvertised);
    if (!extent) return { from: rangeFrom, to, series, empty: true as const };
    let first: number | null = null;
    for (const s of shown) {
      const p = s.points.find(([, v]) => v !== null)?.[0];
      const o = s.out_of_stock[0]?.[0];
      for (const t of [p, o]) if (t !== undefined && (first === null || t < first)) first = t;
    }
    // "all" starts at its first reading; under an hour of it gets the hour's lead (six ticks a few seconds apart
    // would all read '23:04')
    const shortAll = data.range === "all" && first !== null && to - first < HOUR;
    const [from] = timeDomain(shortAll ? Number.NEGATIVE_INFINITY : rangeFrom, to, first);
    const [lo, hi] = valueDomain(extent[0], extent[1]);
    const innerW = Math.max(10, width - CHART_PAD.left - CHART_PAD.right);
    const innerH = CHART_HEIGHT - CHART_PAD.top - CHART_PAD.bottom;
    const x = (t: number) => CHART_PAD.left + ((t - from) / Math.max(1, to - from)) * innerW;
    const y = (v: number) => CHART_PAD.top + (1 - (v - lo) / Math.max(1, hi - lo)) * innerH;
    const yTicks = niceTicks(lo / 100, hi / 100, 4).filter((v) => v * 100 >= lo && v * 100 <= hi);
    const tickCount = Math.max(2, Math.min(6, Math.floor(innerW / 110)));
    // by day: ticks on the days' midnights (whole days from the range's Paris midnight)
    const xTicks = spreadTicks(
      Array.from({ length: tickCount }, (_, i) => {
        const t = from + ((to - from) * i) / (tickCount - 1);
        return byDay ? Math.min(to, Math.max(from, rangeFrom + Math.round((t - rangeFrom) / DAY) * DAY)) : t;
      }),
      x,
      MIN_TICK_GAP,
    );
    const times = new Set<number>();
    const lines = series.map((s) => {
      const inView = s.points.filter((p): p is [number, number] => p[1] !== null && p[0] >= from);
      if (!s.hidden) for (const [t] of inView) times.add(t);
      // readings drawn as dots while they are few enough to tell apart
      const dots = !s.hidden && inView.length <= MAX_DOTS ? inView : [];
      const regularInView = s.regular.filter((p): p is [number, number] => p[1] !== null && p[0] >= from);
      const regularDots = !s.hidden && regularInView.length <= MAX_DOTS ? regularInView : [];
      const outOfStockDots = s.hidden ? [] : s.out_of_stock.filter(([t]) => t >= from);
      const dayBars = s.hidden ? [] : s.days.filter(([t, low, high]) => t >= from && low !== null && high !== null);
      return {
        ...s,
        dots,
        outOfStockDots,
        dayBars: dayBars as [number, number, number, number | null][],
        regularDots,
        d: s.hidden ? "" : stepPath(s.points, x, y, x(to)),
        regularD: s.hidden ? "" : stepPath(s.regular, x, y, x(to)),
      };
    });
    return {
      from,
      to,
      series: lines,
      empty: false as const,
      byDay,
      x,
      y,
      yTicks,
      xTicks,
      innerW,
      reference: reference !== null && reference >= lo && reference <= hi ? reference : null,
      minAdvertised: minAdvertised !== null && minAdvertised >= lo && minAdvertised <= hi ? minAdvertised : null,
      /** Reading times of the visible lines, in order: the keyboard cursor's stops. */
      times: [...times].sort((a, b) => a - b),
    };
  }, [data, width, hidden]);
}
