import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { computeNextCheck, effectivePeriodMs } from "@/lib/jobs/compute-next-check";
import { detectBotWall } from "@/lib/scraping/detect-bot-wall";
import { looksJsRendered } from "@/lib/scraping/looks-js-rendered";
import { BOT_WALLS, jsOnlyPage, productPage } from "../fixtures/merchant/pages";

const HOUR = 3_600_000;

describe("computeNextCheck", () => {
  it("applies hourly only with automation, otherwise daily at most", () => {
    expect(effectivePeriodMs("hourly", true)).toBe(HOUR);
    expect(effectivePeriodMs("hourly", false)).toBe(24 * HOUR);
    expect(effectivePeriodMs("daily", true)).toBe(24 * HOUR);
    expect(effectivePeriodMs("weekly", false)).toBe(7 * 24 * HOUR);
  });

  it("keeps consecutive checks between half a period and one and a half periods apart", () => {
    const from = new Date("2026-03-01T10:00:00Z");
    for (let i = 0; i < 200; i++) {
      const id = randomUUID();
      for (const [freq, auto, period] of [
        ["hourly", true, HOUR],
        ["daily", false, 24 * HOUR],
        ["weekly", true, 168 * HOUR],
      ] as const) {
        const gap = computeNextCheck(id, freq, auto, from).getTime() - from.getTime();
        expect(gap).toBeGreaterThanOrEqual(period / 2);
        expect(gap).toBeLessThan(period * 1.5);
      }
    }
  });

  it("gives a URL a stable time of day across cycles", () => {
    const id = randomUUID();
    const first = computeNextCheck(id, "daily", false, new Date("2026-03-01T10:00:00Z"));
    const second = computeNextCheck(id, "daily", false, first);
    expect(second.getTime() - first.getTime()).toBe(24 * HOUR);
  });

  it("spreads a thousand daily URLs over the day", () => {
    const from = new Date("2026-03-01T00:00:00Z");
    const times = Array.from({ length: 1000 }, () => computeNextCheck(randomUUID(), "daily", false, from).getTime());
    const seconds = new Set(times.map((t) => Math.floor(t / 1000)));
    expect(seconds.size).toBeGreaterThan(980);
    const hours = new Set(times.map((t) => new Date(t).getUTCHours()));
    expect(hours.size).toBe(24);
  });
});

describe("page classification", () => {
  it("recognises the bot walls and not an ordinary product page", () => {
    for (const [vendor, wall] of Object.entries(BOT_WALLS)) {
      expect(detectBotWall(wall.html, wall.status, wall.headers)).toBe(vendor);
    }
    expect(detectBotWall(BOT_WALLS.cloudflare!.html, 503, {})).toBe("cloudflare");
    expect(detectBotWall(productPage({ id: "1", price: "12.00" }), 200, {})).toBeNull();
    expect(detectBotWall("<html><body>Server error</body></html>", 503, {})).toBeNull();
  });

  it("tells an application shell from a rendered page", () => {
    expect(looksJsRendered(jsOnlyPage("1", "10.00"))).toBe(true);
    expect(looksJsRendered(productPage({ id: "1", price: "12.00" }))).toBe(false);
  });
});
