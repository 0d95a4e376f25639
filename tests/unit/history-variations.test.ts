import { describe, expect, it } from "vitest";
import { computeVariations, HISTORY_TABLE_LIMIT } from "@/lib/history/compute-variations";
import { centsToDecimal, divRound, percentOf, toCents } from "@/lib/core/money";

const entries = (...prices: (string | null)[]) => prices.map((price, i) => ({ id: i, price }));

describe("computeVariations", () => {
  it("compares each entry with the next older one: drop, rise, equal, first reading", () => {
    const table = computeVariations(entries("9.99", "12.49", "12.49", "10.00"));
    expect(table.rows.map((r) => r.variation_label)).toEqual(["-2,50\u00a0€", "—", "+2,49\u00a0€", "Premier relevé"]);
    expect(table.rows.map((r) => r.variation)).toEqual(["-2.50", "0.00", "2.49", null]);
    expect(table.truncated).toBe(false);
  });

  it("works in cents: no float drift on 0.1 + 0.2 style amounts", () => {
    const table = computeVariations(entries("0.30", "0.10", "0.20"));
    expect(table.rows.map((r) => r.variation_label)).toEqual(["+0,20\u00a0€", "-0,10\u00a0€", "Premier relevé"]);
  });

  it("an entry without price shows a dash and the next priced entry compares across it", () => {
    const table = computeVariations(entries("11.00", null, "10.00"));
    expect(table.rows.map((r) => r.variation_label)).toEqual(["+1,00\u00a0€", "—", "Premier relevé"]);
  });

  it("a first price after unavailable readings is still the first reading", () => {
    const table = computeVariations(entries("11.00", null, null));
    expect(table.rows.map((r) => r.variation_label)).toEqual(["Premier relevé", "—", "Premier relevé"]);
  });

  it("shows at most 10 rows; exactly 10 entries is not truncated", () => {
    const ten = computeVariations(entries(...Array.from({ length: 10 }, (_, i) => `${20 - i}.00`)));
    expect(HISTORY_TABLE_LIMIT).toBe(10);
    expect(ten.rows).toHaveLength(10);
    expect(ten.truncated).toBe(false);
    expect(ten.rows[9]!.variation_label).toBe("Premier relevé");
  });

  it("11 entries: 10 rows, truncated, and the 10th row compares with the hidden 11th", () => {
    const eleven = computeVariations(entries(...Array.from({ length: 11 }, (_, i) => `${30 - i}.00`)));
    expect(eleven.rows).toHaveLength(10);
    expect(eleven.total).toBe(11);
    expect(eleven.truncated).toBe(true);
    expect(eleven.rows[9]!.variation_label).toBe("+1,00\u00a0€");
  });

  it("with a larger server total, the last passed entry is not called the first reading", () => {
    const table = computeVariations(entries("5.00", "6.00"), { limit: 10, total: 500 });
    expect(table.total).toBe(500);
    expect(table.truncated).toBe(true);
    expect(table.rows.map((r) => r.variation_label)).toEqual(["-1,00\u00a0€", "—"]);
  });

  it("no entries: no rows", () => {
    expect(computeVariations([])).toEqual({ rows: [], total: 0, truncated: false });
  });
});

describe("money in cents", () => {
  it.each([
    ["12.34", 1234],
    ["12.3", 1230],
    ["12", 1200],
    ["0.05", 5],
    ["-1.50", -150],
    ["1299.99", 129999],
  ])("toCents(%s) = %d", (input, cents) => {
    expect(toCents(input)).toBe(cents);
    expect(toCents(centsToDecimal(cents))).toBe(cents);
  });

  it("refuses what is not an amount", () => {
    expect(toCents("abc")).toBeNull();
    expect(toCents(null)).toBeNull();
    expect(toCents("")).toBeNull();
  });

  it("rounds averages and percentages half away from zero in integers", () => {
    expect(divRound(1001 + 1002, 2)).toBe(1002);
    expect(divRound(-3, 2)).toBe(-2);
    expect(divRound(10, 3)).toBe(3);
    expect(percentOf(150, 1000)).toBe("15.00");
    expect(percentOf(1, 3)).toBe("33.33");
    expect(percentOf(5, 0)).toBeNull();
  });
});
