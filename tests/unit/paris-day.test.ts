import { describe, expect, it } from "vitest";
import { nextParisMidnight, parisDay, parisMidnight } from "@/lib/core/paris-wall-clock";

describe("Europe/Paris days (price_daily's day boundaries)", () => {
  it("gives the Paris calendar day of an instant, summer and winter", () => {
    expect(parisDay(new Date("2026-07-14T21:59:00Z"))).toBe("2026-07-14");
    expect(parisDay(new Date("2026-07-14T22:00:00Z"))).toBe("2026-07-15");
    expect(parisDay(new Date("2026-01-14T22:59:00Z"))).toBe("2026-01-14");
    expect(parisDay(new Date("2026-01-14T23:00:00Z"))).toBe("2026-01-15");
  });

  it("finds midnight in Paris, including on the days the clocks change", () => {
    expect(parisMidnight(new Date("2026-07-14T12:00:00Z")).toISOString()).toBe("2026-07-13T22:00:00.000Z");
    expect(parisMidnight(new Date("2026-01-14T23:30:00Z")).toISOString()).toBe("2026-01-14T23:00:00.000Z");
    // 29 March 2026: 23 hours; 25 October 2026: 25 hours
    expect(parisMidnight(new Date("2026-03-29T20:00:00Z")).toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(nextParisMidnight(new Date("2026-03-29T20:00:00Z")).toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(parisMidnight(new Date("2026-10-25T20:00:00Z")).toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(nextParisMidnight(new Date("2026-10-25T02:00:00Z")).toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });
});
