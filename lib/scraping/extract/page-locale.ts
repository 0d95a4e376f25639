const EURO_COUNTRIES = "FR DE IT ES NL BE AT IE PT FI GR SK SI EE LV LT LU MT CY HR".split(" ");
const COUNTRY_CURRENCY: Record<string, string> = {
  GB: "GBP",
  UK: "GBP",
  CH: "CHF",
  LI: "CHF",
  PL: "PLN",
  CZ: "CZK",
  HU: "HUF",
  RO: "RON",
  BG: "BGN",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  IS: "ISK",
  RU: "RUB",
  UA: "UAH",
  BY: "BYN",
  TR: "TRY",
  JP: "JPY",
  CN: "CNY",
  IN: "INR",
  BR: "BRL",
  MX: "MXN",
  AU: "AUD",
  NZ: "NZD",
  CA: "CAD",
  US: "USD",
  KR: "KRW",
  IL: "ILS",
  ZA: "ZAR",
  SG: "SGD",
  HK: "HKD",
  TW: "TWD",
  AR: "ARS",
  CL: "CLP",
  CO: "COP",
  AE: "AED",
  SA: "SAR",
  EG: "EGP",
  MA: "MAD",
  VN: "VND",
  TH: "THB",
  ID: "IDR",
  MY: "MYR",
  PH: "PHP",
  RS: "RSD",
  KZ: "KZT",
  PE: "PEN",
  QA: "QAR",
  KW: "KWD",
  PK: "PKR",
  LK: "LKR",
  NP: "NPR",
  BD: "BDT",
  NG: "NGN",
  KE: "KES",
  GH: "GHS",
  IR: "IRR",
  IQ: "IQD",
  JO: "JOD",
  BH: "BHD",
  OM: "OMR",
  LB: "LBP",
  UY: "UYU",
  DO: "DOP",
  JM: "JMD",
  TT: "TTD",
  BA: "BAM",
  MK: "MKD",
  AL: "ALL",
  GE: "GEL",
  AM: "AMD",
  AZ: "AZN",
  MD: "MDL",
};
for (const c of EURO_COUNTRIES) COUNTRY_CURRENCY[c] = "EUR";

// Language alone, when it practically implies one currency.
const LANGUAGE_CURRENCY: Record<string, string> = {
  sv: "SEK",
  nb: "NOK",
  nn: "NOK",
  no: "NOK",
  da: "DKK",
  is: "ISK",
  pl: "PLN",
  cs: "CZK",
  hu: "HUF",
  ro: "RON",
  bg: "BGN",
  ja: "JPY",
  ko: "KRW",
  zh: "CNY",
  ru: "RUB",
  he: "ILS",
  uk: "UAH",
  tr: "TRY",
  th: "THB",
  vi: "VND",
  fi: "EUR",
  et: "EUR",
  lv: "EUR",
  lt: "EUR",
  sk: "EUR",
  sl: "EUR",
  el: "EUR",
  hr: "EUR",
};

// Country codes sold as generic domains (.co, .io, .me, .tv…): they say nothing about the shop's currency.
const GENERIC_TLDS = new Set("CO IO AI ME TV AM FM LY TO WS CC GG LA SH ST VC NU TK ML AG BZ".split(" "));

export type TPageLocale = {
  // Currency the page declares through its locale (lang="en-CA", og:locale fr_CH): trusted for "$", "kr", "¥".
  declared: string | null;
  // Weaker guess from the domain (shop.example.se): trusted only for symbols with no default ("kr").
  domain: string | null;
};

function fromLocale(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const m = /^([a-z]{2,3})(?:[-_]([a-z]{2}))?/i.exec(raw.trim());
  if (!m) return null;
  const region = m[2]?.toUpperCase();
  if (region && COUNTRY_CURRENCY[region]) return COUNTRY_CURRENCY[region] ?? null;
  return LANGUAGE_CURRENCY[(m[1] ?? "").toLowerCase()] ?? null;
}

function fromHost(pageUrl: string): string | null {
  // the extraction imports nothing outside its folder (DESIGN §7), hence no shared host helper here
  const host = URL.canParse(pageUrl) ? new URL(pageUrl).hostname.toLowerCase() : "";
  if (!host) return null;
  if (/\.co\.uk$|\.uk$/.test(host)) return "GBP";
  if (/\.com\.au$/.test(host)) return "AUD";
  if (/\.com\.br$/.test(host)) return "BRL";
  if (/\.com\.mx$/.test(host)) return "MXN";
  if (/\.com\.co$/.test(host)) return "COP";
  if (/\.co\.jp$/.test(host)) return "JPY";
  if (/\.co\.nz$/.test(host)) return "NZD";
  if (/\.co\.za$/.test(host)) return "ZAR";
  if (/\.com\.tr$/.test(host)) return "TRY";
  const tld = host.split(".").pop()?.toUpperCase() ?? "";
  if (tld === "EU") return "EUR";
  if (GENERIC_TLDS.has(tld)) return null;
  return COUNTRY_CURRENCY[tld] ?? null;
}

export function pageLocale(lang: string | null, ogLocale: string | null, pageUrl: string): TPageLocale {
  return { declared: fromLocale(ogLocale) ?? fromLocale(lang), domain: fromHost(pageUrl) };
}
