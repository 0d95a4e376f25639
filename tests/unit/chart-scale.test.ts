import { describe, expect, it } from "vitest";
import {
  chartExtent,
  dayPoints,
  niceTicks,
  priceExtent,
  columnSpread,
  spreadTicks,
  stepTime,
  timeDomain,
  timeTickLabel,
  valueDomain,
} from "@/components/history/chart-scale";

const DAY = 24 * 3_600_000;

describe("price chart scales", () => {
  it("gives one reading a readable price axis, not 99,99 / 100,00 / 100,01 €", () => {
    const [lo, hi] = valueDomain(10_000, 10_000);
    const ticks = niceTicks(lo / 100, hi / 100, 4);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks).toContain(100);
    // ticks a cent apart would read 99,99 / 100,00 / 100,01
    expect(ticks[1]! - ticks[0]!).toBeGreaterThanOrEqual(1);
  });

  it("pads a real span by 8 % either side and never goes below zero", () => {
    expect(valueDomain(5_000, 15_000)).toEqual([4_200, 15_800]);
    expect(valueDomain(50, 50)[0]).toBe(0);
  });

  it("starts the time axis shortly before the first reading when the readings begin inside the period", () => {
    const to = Date.UTC(2026, 10, 23, 12);
    const rangeFrom = to - 30 * DAY;
    const first = to - DAY;
    const [from] = timeDomain(rangeFrom, to, first);
    expect(from).toBeGreaterThan(rangeFrom);
    expect(from).toBeLessThan(first);
    expect(first - from).toBeLessThan(0.2 * DAY);
    // readings older than the period: the period as chosen
    expect(timeDomain(rangeFrom, to, rangeFrom - DAY)).toEqual([rangeFrom, to]);
    expect(timeDomain(rangeFrom, to, null)).toEqual([rangeFrom, to]);
  });

  it("labels hours on a short axis and days on a long one", () => {
    const t = Date.UTC(2026, 10, 23, 13, 30);
    expect(timeTickLabel(t, DAY)).toBe("23/11 14:30");
    expect(timeTickLabel(t, 30 * DAY)).toBe("23/11");
  });

  it("keeps my price and the crossed-out prices inside the price axis", () => {
    const lines: [number, number | null][][] = [
      [
        [1, 2_000],
        [2, null],
        [3, 2_500],
      ],
      [[1, 3_000]],
    ];
    expect(priceExtent(lines, null)).toEqual([2_000, 3_000]);
    expect(priceExtent(lines, 1_500)).toEqual([1_500, 3_000]);
    expect(priceExtent(lines, 4_000)).toEqual([2_000, 4_000]);
    // my price and the minimum advertised price: both reference lines stay on the chart
    expect(priceExtent(lines, 2_500, 1_200)).toEqual([1_200, 3_000]);
    expect(priceExtent(lines, null, 3_600)).toEqual([2_000, 3_600]);
    // nothing to draw: no axis, even with a reference price
    expect(priceExtent([[[1, null]], []], 1_000)).toBeNull();
    // one reading and my price equal to it: a readable axis around it
    const [lo, hi] = valueDomain(...priceExtent([[[1, 10_000]]], 10_000)!);
    expect(lo).toBeLessThan(10_000);
    expect(hi).toBeGreaterThan(10_000);
  });

  it("keeps the price of an out-of-stock merchant inside the price axis", () => {
    // out of stock since it was added: no line, its 22,99 € drawn as a hollow dot, my price 25,00 €
    const outOfStock = {
      points: [[1, null]] as [number, number | null][],
      regular: [],
      out_of_stock: [[1, 2_299]] as [number, number][],
    };
    expect(chartExtent([outOfStock], 2_500, null)).toEqual([2_299, 2_500]);
    // in stock at 30,00 €, then out of stock at 19,99 €
    const later = {
      points: [
        [1, 3_000],
        [2, null],
      ] as [number, number | null][],
      regular: [],
      out_of_stock: [[2, 1_999]] as [number, number][],
    };
    expect(chartExtent([later], null, null)).toEqual([1_999, 3_000]);
    expect(chartExtent([{ points: [], regular: [], out_of_stock: [] }], 2_500, null)).toBeNull();
  });

  it("draws a range read by day as the days' closing prices, from the price in force when it starts", () => {
    const from = 0;
    const days: [number, number | null, number | null, number | null][] = [
      [2 * DAY, 6_990, 7_890, 7_890],
      [5 * DAY, null, null, null],
    ];
    // the server's points (first, min, max, last of each day) give way to one point a day
    const points: [number, number | null][] = [
      [0, 8_000],
      [2 * DAY + 1, 7_890],
      [2 * DAY + 2, 6_990],
      [2 * DAY + 3, 7_890],
      [5 * DAY + 1, null],
    ];
    expect(dayPoints(points, days, from)).toEqual([
      [0, 8_000],
      [2 * DAY, 7_890],
      [5 * DAY, null],
    ]);
    expect(dayPoints([[DAY, 7_000]], [[DAY, 7_000, 7_000, 7_000]], DAY)).toEqual([[DAY, 7_000]]);
  });

  it("moves the keyboard cursor from reading to reading and stops at the ends", () => {
    const times = [10, 20, 30];
    expect(stepTime(times, null, 1)).toBe(10);
    expect(stepTime(times, null, -1)).toBe(30);
    expect(stepTime(times, 20, 1)).toBe(30);
    expect(stepTime(times, 25, -1)).toBe(20);
    expect(stepTime(times, 30, 1)).toBe(30);
    expect(stepTime(times, 10, -1)).toBe(10);
    expect(stepTime([], 10, 1)).toBeNull();
  });
});

describe("columnSpread (the tooltip of a pixel column holding several readings)", () => {
  const MIN = 60_000;
  // 78,90 € until a drop to 69,90 € at 18:03, back to 78,90 € at 18:10
  const points: [number, number | null][] = [
    [0, 7_890],
    [1_000 * MIN, 6_990],
    [1_007 * MIN, 7_890],
    [2_000 * MIN, null],
  ];

  it("shows the drop and the rebound that share the column under the cursor", () => {
    expect(columnSpread(points, 1_008 * MIN, 10 * MIN)).toEqual([6_990, 7_890]);
  });

  it("is null for a single price in the column, or none", () => {
    expect(columnSpread(points, 500 * MIN, 10 * MIN)).toBeNull();
    expect(columnSpread(points, 1_100 * MIN, 60 * MIN)).toBeNull();
    expect(columnSpread(points, 2_000 * MIN, 10 * MIN)).toBeNull();
  });
});

describe("spreadTicks (time labels that never print over one another)", () => {
  const x = (t: number) => t;

  it("drops repeated times and labels closer than the gap, keeping the first and the last", () => {
    // a day view of one day: ticks snapped to the same midnight, or clamped to both ends
    expect(spreadTicks([0, 0, 30, 30, 30, 100], x, 40)).toEqual([0, 100]);
    expect(spreadTicks([0, 50, 100, 150, 200], x, 40)).toEqual([0, 50, 100, 150, 200]);
    expect(spreadTicks([0, 50, 90, 200], x, 40)).toEqual([0, 50, 90, 200]);
    // the last one too close to the one before: that one goes, the last stays
    expect(spreadTicks([0, 50, 100, 120], x, 40)).toEqual([0, 50, 120]);
    expect(spreadTicks([100, 0, 50], x, 40)).toEqual([0, 50, 100]);
  });

  it("keeps one label when the axis is narrower than the gap", () => {
    expect(spreadTicks([0, 10, 20], x, 40)).toEqual([0]);
    expect(spreadTicks([5], x, 40)).toEqual([5]);
    expect(spreadTicks([], x, 40)).toEqual([]);
  });
});
