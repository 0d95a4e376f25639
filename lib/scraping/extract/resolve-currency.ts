import type { TCurrencyFamily } from "./currency-table";
import type { TCurrencyMatch } from "./find-currencies";

export const FAMILY_CODES: Record<TCurrencyFamily, ReadonlySet<string>> = {
  dollar: new Set(
    (
      "USD CAD AUD NZD HKD SGD TWD MXN BRL ARS CLP COP DOP JMD TTD NAD ZWL UYU BZD TOP CUC MOP BBD XCD FJD GYD " +
      "LRD SBD WST BND BSD BOB CVE BMD KYD SRD"
    ).split(" "),
  ),
  krona: new Set(["SEK", "NOK", "DKK", "ISK"]),
  yen: new Set(["JPY", "CNY"]),
  rupee: new Set(["INR", "PKR", "LKR", "NPR", "MUR", "SCR"]),
  pound: new Set(["GBP", "EGP", "LBP", "SYP", "GIP", "FKP", "SHP"]),
  rouble: new Set(["RUB", "BYN", "BYR", "RUR"]),
  franc: new Set(["CHF", "XOF", "XAF", "XPF"]),
  dinar: new Set(["RSD", "MKD", "DZD", "TND", "KWD", "BHD", "JOD", "IQD", "LYD"]),
  riyal: new Set(["SAR", "QAR", "OMR", "YER", "IRR"]),
};

// Words that tell Swedish, Norwegian, Danish or Icelandic apart when only "kr" is written.
const KRONA_CUES: Array<[RegExp, string]> = [
  [/\d\s?:-/, "SEK"], // "1 299:-" is how Swedish shops write whole kronor
  [/\b(?:från|köp|ordinarie|ord\.\s?pris|spara|lagerstatus: i lager|i lager|st\b)/i, "SEK"],
  [/\b(?:mva|kjøp|veil\.|før\b|på lager hos)/i, "NOK"],
  [/\b(?:køb|vejl\.|stk\.|inkl\. moms|lagerstatus)/i, "DKK"],
  [/\b(?:ísk|verð|tilboð)/i, "ISK"],
  // Danish style "kr. 1.299,95": öre decimals after dot-grouped kroner (ISK has no decimals).
  [/\bkr\.\s?\d{1,3}(?:\.\d{3})*,\d{2}\b|\b\d{1,3}(?:\.\d{3})*,\d{2}\s?kr\./i, "DKK"],
];

// "¥" alone: Japanese kana or Japanese price words mean yen, simplified Chinese price words mean yuan.
const YEN_CUES: Array<[RegExp, string]> = [
  [/[\u3040-\u30ff]|税込|税抜|送料/, "JPY"],
  [/价格|售价|价|优惠|包邮|人民币|元/, "CNY"],
  // Yen prices have no minor unit; "¥129.00" is a yuan price.
  [/[¥￥]\s?\d{1,3}(?:,\d{3})*\.\d{2}(?!\d)/, "CNY"],
];

export type TResolvedCurrency = { iso: string | null; ambiguous: boolean; family: TCurrencyFamily | null };

// A shared symbol ("$", "kr", "¥") is refined by a specific currency found elsewhere (hint, other text).
export function resolveCurrency(
  match: TCurrencyMatch,
  others: TCurrencyMatch[],
  cueText: string,
  locale?: string | null,
): TResolvedCurrency {
  const { info } = match;
  const family = info.family ?? null;
  if (!family || info.rank === 3) return { iso: info.iso, ambiguous: false, family };
  const codes = FAMILY_CODES[family];
  for (const o of others) {
    if (o.info.rank === 3 && o.info.iso && codes.has(o.info.iso)) return { iso: o.info.iso, ambiguous: false, family };
  }
  if (locale && codes.has(locale)) return { iso: locale, ambiguous: false, family };
  if (family === "krona") {
    for (const [re, iso] of KRONA_CUES) if (re.test(cueText)) return { iso, ambiguous: true, family };
    return { iso: null, ambiguous: true, family };
  }
  if (family === "yen") {
    for (const [re, iso] of YEN_CUES) if (re.test(cueText)) return { iso, ambiguous: true, family };
  }
  return { iso: info.iso, ambiguous: true, family };
}

export function pickHintCurrency(matches: TCurrencyMatch[]): TCurrencyMatch | null {
  return matches.find((m) => m.info.rank >= 2) ?? matches[0] ?? null;
}
