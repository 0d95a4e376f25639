/** The lengths of a GTIN: GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13), GTIN-14 (ITF-14). */
const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

export type TGtin = { code: string; gtin: string };

/**
 * A GTIN read from a spreadsheet cell holding a number, which has lost its leading zeros (a UPC-A '012345678905'
 * becomes 12345678905): padded with zeros to 12 digits (UPC-A) when shorter, kept at 8, 12, 13 or 14 digits,
 * and kept only when its GS1 check digit is right (zeros on the left never change it); else the French reason.
 */
export function gtinFromNumber(text: string): { ok: true; code: string } | { ok: false; reason: string } {
  const digits = text.trim();
  const code =
    /^\d+$/.test(digits) && !GTIN_LENGTHS.has(digits.length) && digits.length < 12 ? digits.padStart(12, "0") : digits;
  if (parseGtin(code)) return { ok: true, code };
  return {
    ok: false,
    reason:
      `Code EAN « ${digits.slice(0, 30)} » invalide : la cellule est un nombre et aucun GTIN de 12, 13 ou 14 ` +
      "chiffres ne s'en déduit en ajoutant des zéros de tête. Mettez la colonne EAN au format Texte.",
  };
}

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
