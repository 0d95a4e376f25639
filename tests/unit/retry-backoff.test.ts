import { describe, expect, it } from "vitest";
import { ScrapeError } from "@/lib/scraping/scrape-error";
import { defaultRetryDelay, THROTTLE_BASE_MS, THROTTLE_CAP_MS, throttleBackoffMs } from "@/lib/jobs/retry-backoff";

describe("429/503 backoff", () => {
  it("grows exponentially, each attempt no sooner than the one before until the cap, then stays under it", () => {
    // below the cap (1, 2, 4, 8, 16 min ceilings; then 30)
    for (let n = 1; n < 5; n++) {
      expect(throttleBackoffMs(n + 1, () => 0)).toBeGreaterThanOrEqual(throttleBackoffMs(n, () => 0.999999));
    }
    expect(throttleBackoffMs(1, () => 0)).toBe(THROTTLE_BASE_MS / 2);
    expect(throttleBackoffMs(3, () => 1)).toBe(4 * THROTTLE_BASE_MS);
    expect(throttleBackoffMs(30, () => 1)).toBe(THROTTLE_CAP_MS);
  });

  it("jitters within the upper half of the attempt's ceiling", () => {
    const draws = Array.from({ length: 200 }, () => throttleBackoffMs(2));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(THROTTLE_BASE_MS);
    expect(Math.max(...draws)).toBeLessThanOrEqual(2 * THROTTLE_BASE_MS);
    expect(new Set(draws).size).toBeGreaterThan(100);
  });

  it("applies to 429 and 503 only; other failures keep 30 s, 2 min, 8 min", () => {
    const http = (status: number) => new ScrapeError("http_error", "x", true, status);
    expect(defaultRetryDelay(1, http(429))).toBeGreaterThanOrEqual(THROTTLE_BASE_MS / 2);
    expect(defaultRetryDelay(1, http(503))).toBeGreaterThanOrEqual(THROTTLE_BASE_MS / 2);
    const other = defaultRetryDelay(1, http(500));
    expect(other).toBeGreaterThanOrEqual(24_000);
    expect(other).toBeLessThanOrEqual(36_000);
  });
});
