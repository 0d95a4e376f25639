import type { ScrapeError } from "@/lib/scraping";

/** A shop telling us to slow down (429, 503): its own backoff, longer and capped. */
export const THROTTLE_BASE_MS = 60_000;
export const THROTTLE_CAP_MS = 30 * 60_000;

export function isThrottled(error: ScrapeError): boolean {
  return error.httpStatus === 429 || error.httpStatus === 503;
}

/**
 * Exponential and capped, with "equal jitter": a uniform draw in the upper half of min(cap, base·2^(n-1)), so
 * that runners hit by the same 429 do not come back in step, and attempt n+1 never comes sooner than attempt n.
 */
export function throttleBackoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(THROTTLE_CAP_MS, THROTTLE_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Delay before automatic attempt n (1-based): 429/503 as throttleBackoffMs, others 30 s, 2 min, 8 min with
 * ±20 % jitter. The shop's Retry-After is a floor applied by the caller.
 */
export function defaultRetryDelay(attempt: number, error?: ScrapeError): number {
  if (error && isThrottled(error)) return throttleBackoffMs(attempt);
  return 30_000 * 4 ** (attempt - 1) * (0.8 + Math.random() * 0.4);
}
