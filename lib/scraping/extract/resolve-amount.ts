import type { TNumberToken } from "./find-numbers";

// threeDecimals: the currency has 3 decimals ("." may end a 3-digit fraction; "any": "," too).
export type TResolveOptions = { decimalSeparator?: string | null; threeDecimals?: boolean | "any" };

// Plain decimal string without useless zeros: "0019.90" -> "19.9", "12.00" -> "12".
export function formatAmount(intPart: string, fracPart: string): string {
  const i = intPart.replace(/^0+(?=\d)/, "") || "0";
  const f = fracPart.replace(/0+$/, "");
  return f ? `${i}.${f}` : i;
}

function decimalIndex(tok: TNumberToken, opts: TResolveOptions): number | null {
  const { seps, groups } = tok;
  if (tok.forcedDecimal !== null) return tok.forcedDecimal;
  if (tok.dashDecimal !== null) return null;
  if (seps.length === 0) return null;
  const forced = opts.decimalSeparator === "," || opts.decimalSeparator === "." ? opts.decimalSeparator : null;
  if (forced) {
    const positions = seps.flatMap((s, i) => (s === forced ? [i] : []));
    if (positions.length !== 1) return null;
    return positions[0] ?? null;
  }
  const lastIdx = seps.length - 1;
  const last = seps[lastIdx];
  if (last !== "." && last !== ",") return null;
  const punct = seps.filter((s) => s === "." || s === ",");
  const kinds = new Set(punct);
  const lastGroup = groups[groups.length - 1] ?? "";
  if (kinds.size === 2) {
    // "1.234,56" / "1,234.56": the last mark is decimal when it appears once.
    return punct.filter((s) => s === last).length === 1 ? lastIdx : null;
  }
  if (punct.length > 1) {
    // "1.000.000", "1,23,456" are groupings; "1.234.56" ends with a decimal part.
    return lastGroup.length === 3 ? null : lastIdx;
  }
  if (lastGroup.length !== 3) return lastIdx;
  const intGroups = groups.slice(0, -1);
  const intDigits = intGroups.join("");
  if (/^0+$/.test(intDigits)) return lastIdx;
  if (seps.length > 1) return lastIdx; // "1 234,567": spaces already group thousands.
  if ((groups[0]?.length ?? 0) > 3) return lastIdx; // "1234.567" cannot be a thousands grouping.
  if (opts.threeDecimals && (last === "." || opts.threeDecimals === "any")) return lastIdx;
  return null;
}

// Returns null when the digit groups do not form a plausible amount.
export function resolveAmount(tok: TNumberToken, opts: TResolveOptions = {}): string | null {
  const strict = resolveWith(tok, opts);
  if (strict !== null || !opts.decimalSeparator) return strict;
  // The caller's separator does not fit this number ("12,50" with "."): fall back to guessing.
  return resolveWith(tok, { ...opts, decimalSeparator: null });
}

function resolveWith(tok: TNumberToken, opts: TResolveOptions): string | null {
  const { groups, seps } = tok;
  if (tok.leadingDecimal) return formatAmount("0", groups.join(""));
  const dec = decimalIndex(tok, opts);
  const intGroups = dec === null ? groups : groups.slice(0, dec + 1);
  const frac = dec === null ? "" : groups.slice(dec + 1).join("");
  const intSeps = dec === null ? seps : seps.slice(0, dec);
  // Thousands groups after the first must have 3 digits (2 allowed for Indian lakh grouping).
  for (let i = 1; i < intGroups.length; i++) {
    const g = intGroups[i] ?? "";
    const isLast = i === intGroups.length - 1;
    if (g.length === 3) continue;
    if (g.length === 2 && !isLast && intSeps[i - 1] === ",") continue;
    return null;
  }
  if (intGroups.length > 1 && (intGroups[0]?.length ?? 0) > 3 && intSeps.some((s) => s !== " ")) {
    return null;
  }
  const intPart = intGroups.join("");
  if (intPart.length > 12) return null;
  return formatAmount(intPart, frac);
}
