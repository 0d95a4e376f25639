// Pure helpers of the price chart (no React): scales, ticks, step paths, value lookup.

export type TPoint = [number, number | null];

/** "Nice" tick values covering [min, max] (about `count` of them). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const raw = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  return ticks;
}

/**
 * A step-shaped SVG path: the price holds until the next reading, then jumps; a null point lifts the pen
 * (gap) after holding the previous price up to it. The last price holds until `endX`.
 */
export function stepPath(points: TPoint[], x: (t: number) => number, y: (v: number) => number, endX: number): string {
  let d = "";
  let penDown = false;
  for (const [t, v] of points) {
    const px = x(t);
    if (v === null) {
      if (penDown) d += `H${px.toFixed(1)}`;
      penDown = false;
      continue;
    }
    const py = y(v);
    d += penDown ? `H${px.toFixed(1)}V${py.toFixed(1)}` : `M${px.toFixed(1)} ${py.toFixed(1)}`;
    penDown = true;
  }
  if (penDown) d += `H${endX.toFixed(1)}`;
  return d;
}

/** The point in force at time t (last point at or before t), or undefined before the first one. */
export function pointAt(points: TPoint[], t: number): TPoint | undefined {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]![0] <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 ? points[found] : undefined;
}

/**
 * The lowest and highest prices read within `halfWidth` ms of t (the pixel column under the cursor), when they
 * differ: a drop and its rebound minutes apart share one column, and the tooltip shows both. Null otherwise.
 */
export function columnSpread(points: TPoint[], t: number, halfWidth: number): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  for (const [at, v] of points) {
    if (v === null || at < t - halfWidth || at > t + halfWidth) continue;
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  return min < max ? [min, max] : null;
}

const HOUR = 3_600_000;

/**
 * The price axis (cents) from the readings: their span plus 8 % either side, and never narrower than ±5 % of
 * the price (at least ±1 €), so that one reading or a flat line gets round, distinct labels.
 */
export function valueDomain(min: number, max: number): [number, number] {
  const center = (min + max) / 2;
  const half = Math.max((max - min) * 0.58, Math.abs(max) * 0.05, 100);
  return [Math.max(0, center - half), center + half];
}

/**
 * The time axis: the chosen period, but starting shortly before the first reading when the readings begin
 * later (a product followed since yesterday is not drawn as a vertical line at the right of a 30-day view).
 */
export function timeDomain(rangeFrom: number, to: number, firstReading: number | null): [number, number] {
  if (firstReading === null || firstReading <= rangeFrom) return [rangeFrom, to];
  const lead = Math.max((to - firstReading) * 0.1, HOUR);
  return [Math.max(rangeFrom, firstReading - lead), to];
}

/**
 * The time-axis ticks to label: no time twice and labels at least `gap` px apart (a short span, or days snapped to
 * their midnights, would print one label over another); the first and the last are kept.
 */
export function spreadTicks(ticks: number[], x: (t: number) => number, gap: number): number[] {
  const sorted = [...new Set(ticks)].sort((a, b) => a - b);
  const out: number[] = [];
  for (const [i, t] of sorted.entries()) {
    const last = i === sorted.length - 1;
    while (last && out.length > 1 && x(t) - x(out[out.length - 1]!) < gap) out.pop();
    if (out.length === 0 || x(t) - x(out[out.length - 1]!) >= gap) out.push(t);
  }
  return out;
}

const DAY_FORMAT = new Intl.DateTimeFormat("fr-FR", { day: "2-digit", month: "2-digit", timeZone: "Europe/Paris" });
const TIME_FORMAT = new Intl.DateTimeFormat("fr-FR", {
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Paris",
});

/** A time-axis label: the day, with the hour when the axis spans less than three days. */
export function timeTickLabel(t: number, spanMs: number): string {
  return (spanMs < 3 * 24 * HOUR ? TIME_FORMAT : DAY_FORMAT).format(t);
}

/**
 * The prices the axis must show: every visible line's prices, their crossed-out prices, and the reference prices
 * (my price, the minimum advertised price), so no reference line is drawn off the chart. Null when there is
 * nothing to draw.
 */
export function priceExtent(lines: TPoint[][], ...references: (number | null)[]): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  for (const points of lines)
    for (const [, v] of points) {
      if (v === null) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  if (min === Infinity) return null;
  for (const reference of references) {
    if (reference === null) continue;
    min = Math.min(min, reference);
    max = Math.max(max, reference);
  }
  return [min, max];
}

/**
 * The prices the axis of the visible merchants must show: their lines, crossed-out prices and the prices shown
 * while out of stock (drawn as hollow dots), plus my price and the minimum advertised price when any price is
 * drawn. Null when there is nothing to draw.
 */
export function chartExtent(
  series: { points: TPoint[]; regular: TPoint[]; out_of_stock: [number, number][] }[],
  reference: number | null,
  minAdvertised: number | null,
): [number, number] | null {
  const drawn = series.some((s) => s.out_of_stock.length > 0 || s.points.some(([, v]) => v !== null));
  return priceExtent(
    series.flatMap((s) => [s.points, s.regular, s.out_of_stock]),
    ...(drawn ? [reference, minAdvertised] : []),
  );
}

/** The reading time before or after `t` (keyboard cursor), clamped to the first and last; `times` sorted. */
export function stepTime(times: number[], t: number | null, direction: -1 | 1): number | null {
  if (times.length === 0) return null;
  if (t === null) return direction > 0 ? times[0]! : times[times.length - 1]!;
  if (direction > 0) return times.find((v) => v > t) ?? times[times.length - 1]!;
  for (let i = times.length - 1; i >= 0; i--) if (times[i]! < t) return times[i]!;
  return times[0]!;
}

/**
 * The line of a range read by whole days: the price in force when the range starts (`points[0]` at `from`), then
 * each day's closing price at its midnight, so the axis and the cursor move day by day.
 */
export function dayPoints(
  points: TPoint[],
  days: [number, number | null, number | null, number | null][],
  from: number,
) {
  const out: TPoint[] = points[0] && points[0][0] === from && days[0]?.[0] !== from ? [points[0]] : [];
  for (const [t, , , close] of days) out.push([t, close]);
  return out;
}
