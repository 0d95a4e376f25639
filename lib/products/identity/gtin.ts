/** The lengths of a GTIN: GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13), GTIN-14 (ITF-14). */
const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

export type TGtin = { code: string; gtin: string };

/**
 * A GTIN as typed ('3 017620 422003', '3017-6204-22003'): the digits as given (`code`) and the 14-digit key
 * (`gtin`, zeros on the left) when the length is one of 8, 12, 13, 14 and the GS1 check digit is right.
 */
export function parseGtin(input: string): TGtin | null {
  const code = input.replace(/[\s-]/g, "");
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.has(code.length)) return null;
  const gtin = code.padStart(14, "0");
  let sum = 0;
  // weights 3,1,3,1… from the digit left of the check digit
  for (let i = 0; i < 13; i++) sum += Number(gtin[i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(gtin[13]) ? { code, gtin } : null;
}
