import { describe, expect, it } from "vitest";
import {
  formatAmount,
  formatCents,
  formatDate,
  formatDateTime,
  formatEuros,
  formatUnixDate,
  formatVariation,
  truncate,
} from "@/lib/format";

const NNBSP = "\u202f";
const NBSP = "\u00a0";

describe("formatEuros", () => {
  it("formats fr-FR with narrow no-break group separator and no-break space before €", () => {
    expect(formatEuros(1299.99)).toBe(`1${NNBSP}299,99${NBSP}€`);
    expect(formatEuros("1299.99")).toBe(`1${NNBSP}299,99${NBSP}€`);
  });
  it("always shows two decimals", () => {
    expect(formatEuros(19)).toBe(`19,00${NBSP}€`);
    expect(formatEuros("0.5")).toBe(`0,50${NBSP}€`);
  });
  it("handles other currencies", () => {
    expect(formatEuros(10, "USD")).toBe(`10,00${NBSP}$US`);
  });
  it("returns N/A for missing or invalid amounts", () => {
    expect(formatEuros(null)).toBe("N/A");
    expect(formatEuros("")).toBe("N/A");
    expect(formatEuros("abc")).toBe("N/A");
  });
});

describe("formatCents", () => {
  it("divides by 100", () => {
    expect(formatCents(129999)).toBe(`1${NNBSP}299,99${NBSP}€`);
    expect(formatCents(2900)).toBe(`29,00${NBSP}€`);
    expect(formatCents(0)).toBe(`0,00${NBSP}€`);
  });
  it("returns N/A for null", () => {
    expect(formatCents(null)).toBe("N/A");
  });
});

describe("dates", () => {
  it("formatDate gives dd/mm/yyyy in Paris time", () => {
    expect(formatDate("2025-05-13T10:00:00Z")).toBe("13/05/2025");
    // 23:30 UTC on 31 Dec is already 1 Jan in Paris.
    expect(formatDate(new Date("2024-12-31T23:30:00Z"))).toBe("01/01/2025");
  });
  it("formatDateTime gives dd/mm/yyyy HH:mm on 24 h", () => {
    expect(formatDateTime("2025-05-13T12:05:00Z")).toBe("13/05/2025 14:05");
    expect(formatDateTime("2025-01-02T23:59:00Z")).toBe("03/01/2025 00:59");
  });
  it("formatUnixDate reads seconds", () => {
    expect(formatUnixDate(1747130400)).toBe("13/05/2025");
  });
  it("returns a dash for missing or invalid input", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
    expect(formatUnixDate(null)).toBe("—");
  });
});

describe("formatVariation", () => {
  it("shows drops and rises in fr-FR with 2 decimals", () => {
    expect(formatVariation(-10)).toBe("-10,00\u00a0€");
    expect(formatVariation(-1.5)).toBe("-1,50\u00a0€");
    expect(formatVariation(2)).toBe("+2,00\u00a0€");
    expect(formatVariation("0.125")).toBe("+0,13\u00a0€");
    expect(formatVariation("-1234.5")).toBe("-1\u202f234,50\u00a0€");
  });
  it("shows a dash when equal, even after rounding", () => {
    expect(formatVariation(0)).toBe("—");
    expect(formatVariation(-0.001)).toBe("—");
  });
  it("says Premier relevé without an older entry", () => {
    expect(formatVariation(null)).toBe("Premier relevé");
    expect(formatVariation(undefined)).toBe("Premier relevé");
  });
});

describe("truncate", () => {
  it("keeps short text", () => {
    expect(truncate("abc", 80)).toBe("abc");
    expect(truncate("a".repeat(80), 80)).toBe("a".repeat(80));
  });
  it("cuts to n characters plus an ellipsis", () => {
    expect(truncate("a".repeat(81), 80)).toBe(`${"a".repeat(80)}…`);
    expect(truncate("abcdef", 3)).toBe("abc…");
  });
  it("handles empty input", () => {
    expect(truncate(null, 5)).toBe("");
  });
});

describe("formatAmount", () => {
  it("drops decimals for whole numbers and keeps two otherwise", () => {
    expect(formatAmount(29)).toBe("29");
    expect(formatAmount("29.00")).toBe("29");
    expect(formatAmount(29.9)).toBe("29,90");
    expect(formatAmount("1299.99")).toBe(`1${NNBSP}299,99`);
    expect(formatAmount(null)).toBe("N/A");
  });
});
