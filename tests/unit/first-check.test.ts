import { describe, expect, it } from "vitest";
import { scheduleNewUrl } from "@/lib/jobs/compute-next-check";

const HOUR = 3_600_000;
const now = new Date("2026-11-26T18:00:00Z");

function delays(frequency: "hourly" | "daily" | "weekly", hasAutomation = true) {
  return Array.from({ length: 2000 }, () => scheduleNewUrl(frequency, hasAutomation, now).nextCheckAt.getTime() - +now);
}

describe("the first scheduled re-check of a new URL (its first reading is queued at creation)", () => {
  it("comes one period after creation at the latest, in the period's last quarter", () => {
    for (const [frequency, period] of [
      ["hourly", HOUR],
      ["daily", 24 * HOUR],
      ["weekly", 7 * 24 * HOUR],
    ] as const) {
      const all = delays(frequency);
      expect(Math.max(...all), frequency).toBeLessThanOrEqual(period);
      expect(Math.min(...all), frequency).toBeGreaterThan(0.75 * period);
    }
  });

  it("spreads URLs created together over that quarter", () => {
    const all = delays("daily");
    const hours = new Set(all.map((d) => Math.floor(d / HOUR)));
    expect([...hours].sort()).toEqual([18, 19, 20, 21, 22, 23]);
  });

  it("is daily for an hourly URL of a plan without automation", () => {
    expect(Math.min(...delays("hourly", false))).toBeGreaterThan(18 * HOUR);
  });
});
