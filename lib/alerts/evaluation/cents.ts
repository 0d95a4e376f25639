// Money as integer cents (bigint): prices arrive as decimal strings ("12.30") and are never summed as floats.

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/;

/** "12.3" → 1230n; null/blank/unparseable → null. Extra decimals beyond two are truncated. */
export function toCents(value: string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === "number" ? (Number.isFinite(value) ? value.toFixed(2) : "") : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole, frac = ""] = match;
  const cents = BigInt(whole!) * 100n + BigInt(`${frac}00`.slice(0, 2));
  return sign ? -cents : cents;
}

/** 1230n → "12.30" (the decimal string stored in numeric columns). */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${frac}`;
}

/** Percent as hundredths ("10.5" → 1050n), same parser as amounts. */
export const toPercentHundredths = toCents;
