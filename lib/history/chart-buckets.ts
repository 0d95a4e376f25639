import { toCents } from "@/lib/core/money";

/** [epoch milliseconds, price in cents | null]; null breaks the line (unavailable, no price, failed scrape). */
export type TChartPoint = [number, number | null];

type TNum = string | number;
/**
 * One time bucket of a URL, aggregated over arrays so that no bucket needs a sort: [t, id, price] for first /
 * last / last regular price, [price, ±t] for min / max, the earliest gap time.
 */
export type TBucketRow = {
  url_id: string;
  f: TNum[] | string;
  l: TNum[] | string;
  lo: TNum[] | string | null;
  hi: TNum[] | string | null;
  t_null: TNum | null;
  r: TNum[] | string | null;
  /** A single reading's price while out of stock (readings up to 8 days only). */
  oos?: TNum | null;
  /** The first Europe/Paris day of a bucket of days ('YYYY-MM-DD'; price_daily buckets only). */
  day?: string;
};

/** A bucket of whole days: [its first day's Paris midnight, lowest, highest, closing price] in cents. */
export type TChartDay = [number, number | null, number | null, number | null];

/** A numeric[] as the driver gives it: parsed, or as its '{1,2,NULL}' text. */
function items(value: TNum[] | string): (TNum | null)[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .map((v) => (v === "NULL" ? null : v));
}

/** First, min, max, gap and last point of a bucket in time order: the step shape survives downsampling. */
export function bucketPoints(row: TBucketRow): TChartPoint[] {
  const [tFirst, , pFirst] = items(row.f);
  const [tLast, , pLast] = items(row.l);
  const candidates: TChartPoint[] = [[Number(tFirst), toCents(pFirst)]];
  if (row.lo) {
    const [price, t] = items(row.lo);
    candidates.push([Number(t), toCents(price)]);
  }
  if (row.hi) {
    const [price, t] = items(row.hi);
    candidates.push([-Number(t), toCents(price)]);
  }
  if (row.t_null !== null) candidates.push([Number(row.t_null), null]);
  candidates.push([Number(tLast), toCents(pLast)]);
  candidates.sort((a, b) => a[0] - b[0]);
  const out: TChartPoint[] = [];
  for (const point of candidates) appendPoint(out, point);
  return out;
}

/** The crossed-out price in force at the end of the bucket (null: none shown, a gap in its faint line). */
export function bucketRegular(row: TBucketRow): TChartPoint | null {
  if (row.r === null) return null;
  const [t, , price] = items(row.r);
  return [Number(t), toCents(price)];
}

/** The price an out-of-stock reading showed, at its time (null: in stock, no price, or a bucket of several). */
export function bucketOutOfStock(row: TBucketRow): [number, number] | null {
  const cents = row.oos == null ? null : toCents(row.oos);
  return cents === null ? null : [Number(items(row.f)[0]), cents];
}

/** The low, high and close of a bucket of days, at the Paris midnight `dayStart` its first day begins. */
export function bucketDay(row: TBucketRow, dayStart: number): TChartDay {
  const low = row.lo ? toCents(items(row.lo)[0]) : null;
  const high = row.hi ? toCents(items(row.hi)[0]) : null;
  return [dayStart, low, high, toCents(items(row.l)[2])];
}

/** Appends in time order; a point at the time of the previous one merges into it (a gap wins). */
export function appendPoint(out: TChartPoint[], point: TChartPoint) {
  const last = out[out.length - 1];
  if (last && last[0] >= point[0]) {
    if (point[1] === null) last[1] = null;
    return;
  }
  out.push(point);
}
