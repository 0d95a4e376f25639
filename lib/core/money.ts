// Money helpers: prices are decimal strings from numeric(12,2) columns, arithmetic is done in integer cents.

/** "12.34" / "12.3" / "12" / 12.34 → 1234; null when missing or not a decimal amount. */
export function toCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === "number" ? value.toFixed(2) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "0").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/** 1234 → "12.34", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Integer division rounded half away from zero (both operands integers, divisor > 0). */
export function divRound(numerator: number, divisor: number): number {
  const q = Math.trunc(numerator / divisor);
  const r = numerator - q * divisor;
  if (2 * Math.abs(r) >= divisor) return q + Math.sign(numerator);
  return q;
}

/** part/whole as a percentage with 2 decimals ("12.50"), computed in integers; null when whole is 0. */
export function percentOf(part: number, whole: number): string | null {
  if (whole === 0) return null;
  const basisPoints = divRound(part * 10_000, Math.abs(whole));
  return centsToDecimal(basisPoints);
}
