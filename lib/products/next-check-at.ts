import type { TFrequency } from "./schemas";

const HOUR = 3_600_000;
export const FREQUENCY_MS: Record<TFrequency, number> = { hourly: HOUR, daily: 24 * HOUR, weekly: 7 * 24 * HOUR };

/** When a URL checked at `lastCheckedAt` is due again; never checked means due now. */
export function nextCheckAt(frequency: TFrequency, lastCheckedAt: Date | null, now = new Date()): Date {
  if (!lastCheckedAt) return now;
  return new Date(lastCheckedAt.getTime() + FREQUENCY_MS[frequency]);
}
