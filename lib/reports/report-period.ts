import { parisDay } from "@/lib/core/paris-wall-clock";

export type TReportPeriod = { key: string; frequency: "daily" | "weekly"; since: Date; until: Date };

/** ISO 8601 week ("2026-W48") of a calendar day. */
export function isoWeek(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday of that week names its year
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/**
 * The period a report sent at `now` belongs to, on the Paris calendar: its key is unique per user
 * ('daily:2026-11-23', 'weekly:2026-W48'), and it covers the last day or the last 7 days before `now`.
 */
export function reportPeriod(frequency: "daily" | "weekly", now: Date): TReportPeriod {
  const day = parisDay(now);
  const days = frequency === "daily" ? 1 : 7;
  return {
    key: frequency === "daily" ? `daily:${day}` : `weekly:${isoWeek(day)}`,
    frequency,
    since: new Date(now.getTime() - days * 86_400_000),
    until: now,
  };
}
