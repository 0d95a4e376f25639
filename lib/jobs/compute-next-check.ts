// Scheduling: each URL fires at its own stable offset inside its period (derived from its id), so a
// thousand daily URLs are spread over the day instead of firing in the same second.
import { createHash, randomUUID } from "node:crypto";

const HOUR = 3_600_000;
const PERIOD_MS = { hourly: HOUR, daily: 24 * HOUR, weekly: 7 * 24 * HOUR } as const;

export type TTrackingFrequency = keyof typeof PERIOD_MS;

/** The period actually applied: hourly needs a plan with automation, otherwise at most daily. */
export function effectivePeriodMs(frequency: TTrackingFrequency, hasAutomation: boolean): number {
  if (frequency === "hourly" && !hasAutomation) return PERIOD_MS.daily;
  return PERIOD_MS[frequency];
}

/**
 * The tracked page: a workspace's product URLs with the same normalised address share it, and so their phase
 * (they come due together) and one fetch (lib/jobs/claim-followers.ts).
 */
export function pageKeyOf(workspaceId: string, url: string): string {
  return `${workspaceId} ${url}`;
}

/** Stable position of a URL inside a period, in ms (0 ≤ phase < period). */
export function phaseOf(key: string, periodMs: number): number {
  const h = createHash("sha1").update(key).digest();
  return (h.readUInt32BE(0) % Math.floor(periodMs / 1000)) * 1000 + (h.readUInt16BE(4) % 1000);
}

/**
 * The next check after `from`: the first instant ≥ from + period/2 that sits at the phase of `key` (a URL id, or
 * its pageKeyOf so that URLs of one page come due together).
 * Two consecutive checks are therefore between half a period and one and a half periods apart.
 */
export function computeNextCheck(
  key: string,
  frequency: TTrackingFrequency,
  hasAutomation: boolean,
  from = new Date(),
): Date {
  const period = effectivePeriodMs(frequency, hasAutomation);
  const phase = phaseOf(key, period);
  const earliest = from.getTime() + period / 2;
  const cycleStart = Math.floor((earliest - phase) / period) * period + phase;
  const next = cycleStart >= earliest ? cycleStart : cycleStart + period;
  return new Date(next);
}

/**
 * Id and first scheduled check of a URL being created: its first scrape is queued at creation, so the first
 * re-check comes one period on at the latest, spread over the last quarter of that period by the URL's own phase
 * (URLs created together never fire together); the sweeps then bring it to its phase.
 */
export function scheduleNewUrl(
  frequency: TTrackingFrequency,
  hasAutomation: boolean,
  now = new Date(),
): { id: string; nextCheckAt: Date } {
  const id = randomUUID();
  const period = effectivePeriodMs(frequency, hasAutomation);
  const early = phaseOf(id, period) % Math.floor(period / 4);
  return { id, nextCheckAt: new Date(now.getTime() + period - early) };
}
