// Alert arithmetic in bigint cents (products of prices and percentages stay exact); parsed by the one money parser.
import { centsToDecimal as numberCentsToDecimal, toCents as numberCents } from "@/lib/core/money";

/** "12.3" → 1230n; null/blank/unparseable → null (lib/core/money.ts `toCents`, as a bigint). */
export function toBigCents(value: string | number | null | undefined): bigint | null {
  const cents = numberCents(value);
  return cents === null ? null : BigInt(cents);
}

/** 1230n → "12.30" (the decimal string stored in numeric columns). */
export function bigCentsToDecimal(cents: bigint): string {
  return numberCentsToDecimal(Number(cents));
}

/** Percent as hundredths ("10.5" → 1050n), same parser as amounts. */
export const toPercentHundredths = toBigCents;
