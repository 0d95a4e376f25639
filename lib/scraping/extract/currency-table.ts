// Currency tokens as they appear in price text, mapped to ISO 4217.
// rank: 3 = unambiguous (ISO code, specific symbol), 2 = common but shared symbol ($, ¥, kr, Rs),
// 1 = weak token only trusted right next to a number.
// family: tokens of the same family can be refined by a more specific token found in a hint.

export type TCurrencyFamily = "dollar" | "krona" | "yen" | "rupee" | "pound" | "rouble" | "franc" | "dinar" | "riyal";

export type TCurrencyToken = {
  token: string;
  iso: string | null;
  rank: 1 | 2 | 3;
  family?: TCurrencyFamily;
  // The token is a word that only counts next to a number (avoids "ALL prices", "Ar", "KM").
  needsNumber?: boolean;
  caseInsensitive?: boolean;
};

const ISO_CODES =
  "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BYR BZD " +
  "CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF " +
  "GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP " +
  "LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN " +
  "PGK PHP PKR PLN PYG QAR RON RSD RUB RUR RWF SAR SBD SCR SDG SEK SGD SHP SLL SOS SRD SSP STN SVC SYP SZL THB " +
  "TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWL " +
  "DEM FRF ITL ESP PTE NLG BEF ATS IEP FIM GRD LTL LVL EEK SKK SIT CYP MTL VEF";

// Codes that are also ordinary words or brand names: trusted only next to a number.
const RISKY_CODES = new Set(["ALL", "AMD", "ANG", "BAM", "BOB", "CUP", "GEL", "MAD", "MOP", "PEN", "SOS", "TOP", "TRY", "CAD", "BIF", "SAR", "ESP", "ERN", "FIM", "CUC", "NIO", "SIT"]);

export const THREE_DECIMAL_CURRENCIES = new Set(["KWD", "BHD", "OMR", "JOD", "TND", "IQD", "LYD"]);
// Of those, the ones written with a decimal comma ("129,000 DT" is 129 dinars).
export const THREE_DECIMAL_COMMA = new Set(["TND"]);

export const KNOWN_ISO = new Set(ISO_CODES.split(" "));

const DOLLAR_SYMBOLS: Array<[string, string]> = [
  ["US$", "USD"], ["U$S", "USD"], ["USD$", "USD"], ["US $", "USD"],
  ["AU$", "AUD"], ["AUD$", "AUD"], ["AU $", "AUD"], ["A$", "AUD"],
  ["CA$", "CAD"], ["CAD$", "CAD"], ["CAN$", "CAD"], ["CA $", "CAD"], ["C$", "CAD"],
  ["NZ$", "NZD"], ["NZD$", "NZD"], ["NZ $", "NZD"],
  ["HK$", "HKD"], ["HKD$", "HKD"], ["HK $", "HKD"],
  ["SGD$", "SGD"], ["SG$", "SGD"], ["S$", "SGD"],
  ["NT$", "TWD"], ["TW$", "TWD"], ["MX$", "MXN"], ["MXN$", "MXN"], ["R$", "BRL"], ["AR$", "ARS"],
  ["CL$", "CLP"], ["CLP$", "CLP"], ["COP$", "COP"], ["COL$", "COP"], ["CO$", "COP"], ["RD$", "DOP"], ["J$", "JMD"], ["JA$", "JMD"],
  ["TT$", "TTD"], ["N$", "NAD"], ["Z$", "ZWL"], ["$U", "UYU"], ["UY$", "UYU"], ["BZ$", "BZD"], ["T$", "TOP"],
  ["CUC$", "CUC"], ["MOP$", "MOP"], ["Bds$", "BBD"], ["EC$", "XCD"], ["FJ$", "FJD"], ["GY$", "GYD"], ["G$", "GYD"],
  ["L$", "LRD"], ["SI$", "SBD"], ["WS$", "WST"], ["BN$", "BND"], ["B$", "BSD"], ["$b", "BOB"], ["CV$", "CVE"],
];

const SYMBOLS: Array<[string, string | null, TCurrencyFamily?]> = [
  ["€", "EUR"], ["£", "GBP", "pound"], ["￡", "GBP", "pound"], ["₤", "GBP", "pound"], ["E£", "EGP"],
  ["LB£", "LBP"], ["L£", "LBP"], ["SY£", "SYP"], ["GH₵", "GHS"], ["₵", "GHS"], ["CN¥", "CNY"], ["JP¥", "JPY"],
  ["¥", "JPY", "yen"], ["￥", "JPY", "yen"], ["円", "JPY"], ["元", "CNY"], ["人民币", "CNY"], ["圆", "CNY"], ["圓", "CNY"],
  ["₽", "RUB", "rouble"], ["₹", "INR"], ["र", "INR"], ["रु", "INR"], ["₨", "INR", "rupee"], ["₩", "KRW"], ["원", "KRW"],
  ["₪", "ILS"], ["ש״ח", "ILS"], ["ש\"ח", "ILS"], ["ש'ח", "ILS"], ["₫", "VND"], ["₺", "TRY"], ["₴", "UAH"], ["₱", "PHP"],
  ["฿", "THB"], ["บาท", "THB"], ["₦", "NGN"], ["₲", "PYG"], ["₸", "KZT"], ["₾", "GEL"], ["₼", "AZN"], ["֏", "AMD"], ["դր.", "AMD"],
  ["₭", "LAK"], ["₮", "MNT"], ["៛", "KHR"], ["৳", "BDT"], ["₡", "CRC"], ["₿", null], ["₶", null], ["؋", "AFN"],
  ["zł", "PLN"], ["Zł", "PLN"], ["ZŁ", "PLN"], ["зł", "PLN"], ["Kč", "CZK"], ["Kč.", "CZK"], ["KČ", "CZK"],
  ["руб.", "RUB", "rouble"], ["руб", "RUB", "rouble"], ["рублей", "RUB", "rouble"], ["рубля", "RUB", "rouble"], ["рубль", "RUB", "rouble"],
  ["р.", "RUB", "rouble"], ["Р", "RUB", "rouble"], ["грн.", "UAH"], ["грн", "UAH"], ["₴", "UAH"], ["лв.", "BGN"], ["лв", "BGN"],
  ["дин.", "RSD"], ["дин", "RSD"], ["Дин", "RSD"], ["динар", "RSD"], ["ден", "MKD"], ["ДЕН", "MKD"], ["тңг", "KZT"], ["тг", "KZT"], ["ман.", "AZN"], ["сом", "KGS"],
  ["تومان", "IRR"], ["ریال", "IRR"], ["ريال", "SAR", "riyal"], ["ر.س", "SAR"], ["ر.ق", "QAR"], ["ر.ع", "OMR"], ["ر.ي", "YER"],
  ["د.إ", "AED"], ["درهم", "AED"], ["د.ك", "KWD"], [".د.ب", "BHD"], ["د.ب", "BHD"], ["د.ت", "TND"], ["د.ج", "DZD"], ["دج", "DZD"],
  ["د.م", "MAD"], ["د.ع", "IQD"], ["ع.د", "IQD"], ["د.أ", "JOD"], ["د.ا", "JOD"], ["ل.د", "LYD"], ["د.ل", "LYD"], ["ل.س", "SYP"],
  ["ل.ل", "LBP"], ["جنيه", "EGP"], ["ج.م", "EGP"], ["ج.س", "SDG"], ["﷼", "IRR", "riyal"],
];

// Alphabetic words (boundaries checked). [token, iso, rank, needsNumber, caseInsensitive, family]
const WORDS: Array<[string, string | null, 1 | 2 | 3, boolean, boolean, TCurrencyFamily?]> = [
  ["euros", "EUR", 3, false, true], ["euro", "EUR", 3, false, true], ["eur", "EUR", 3, true, false],
  ["dollars", "USD", 2, true, true, "dollar"], ["dollar", "USD", 2, true, true, "dollar"],
  ["pounds", "GBP", 2, true, true, "pound"], ["pound", "GBP", 2, true, true, "pound"], ["stg", "GBP", 2, true, false],
  ["yen", "JPY", 3, true, true], ["yuan", "CNY", 3, true, true], ["RMB", "CNY", 3, false, false],
  ["CHF", "CHF", 3, false, false], ["chf", "CHF", 3, true, false], ["SFr.", "CHF", 3, false, false], ["Fr.", "CHF", 2, true, false, "franc"],
  ["fr.", "CHF", 1, true, false, "franc"], ["SFr", "CHF", 3, true, false], ["CHf", "CHF", 3, true, false],
  ["zl", "PLN", 2, true, false], ["pln", "PLN", 3, true, false], ["Kc", "CZK", 2, true, false], ["Ft", "HUF", 3, true, false], ["FT", "HUF", 2, true, false],
  ["lei", "RON", 3, false, true], ["leu", "RON", 2, true, false], ["Lek", "ALL", 2, true, false],
  ["kr.", null, 2, false, true, "krona"], ["kr", null, 2, false, true, "krona"], ["Kr", null, 2, false, false, "krona"], [":-", null, 1, false, false, "krona"],
  ["Rp.", "IDR", 3, false, false], ["Rp", "IDR", 3, false, false], ["RM", "MYR", 3, true, false], ["TL", "TRY", 3, true, false],
  ["Rs.", "INR", 2, false, false, "rupee"], ["Rs", "INR", 2, false, false, "rupee"], ["INR", "INR", 3, false, false],
  ["Dinara", "RSD", 3, false, false], ["din.", "RSD", 2, true, false, "dinar"], ["din", "RSD", 2, true, false, "dinar"],
  ["KD", "KWD", 2, true, false], ["BD", "BHD", 2, true, false], ["DT", "TND", 2, true, false], ["QR", "QAR", 2, true, false],
  ["Dhs", "AED", 2, true, false], ["Dh", "AED", 2, true, false], ["DH", "MAD", 2, true, false], ["S/.", "PEN", 3, false, false], ["S/", "PEN", 2, true, false],
  ["Bs.", "VES", 2, true, false], ["Bs", "VES", 2, true, false], ["Gs.", "PYG", 2, true, false], ["Gs", "PYG", 2, true, false], ["B/.", "PAB", 3, false, false],
  ["FCFA", "XOF", 3, false, false], ["CFA", "XOF", 3, false, false], ["KShs", "KES", 3, false, false], ["KSh", "KES", 3, false, false], ["Ksh", "KES", 3, false, false],
  ["TSh", "TZS", 3, false, false], ["USh", "UGX", 3, false, false], ["Nu.", "BTN", 2, true, false], ["Rf", "MVR", 2, true, false],
  ["MK", "MWK", 1, true, false], ["MT", "MZN", 1, true, false], ["Ar", "MGA", 1, true, false], ["KM", "BAM", 1, true, false], ["kn", "HRK", 2, true, false],
  ["Br", "BYN", 2, true, false], ["hrn", "UAH", 2, true, false], ["nis", "ILS", 2, true, true], ["VNĐ", "VND", 3, false, true], ["đ", "VND", 2, true, false],
  ["lari", "GEL", 2, true, true], ["ლ", "GEL", 2, true, false], ["so'm", "UZS", 2, true, true], ["Rbl", "RUB", 2, true, false],
  ["R", "ZAR", 1, true, false], ["FBu", "BIF", 2, true, false], ["Fbu", "BIF", 2, true, false], ["Fdj", "DJF", 2, true, false], ["Nfk", "ERN", 2, true, false],
  ["LD", "LYD", 1, true, false], ["UM", "MRU", 1, true, false], ["Db", "STN", 1, true, false], ["VT", "VUV", 1, true, false], ["Vt", "VUV", 1, true, false],
  ["ZK", "ZMW", 1, true, false], ["FG", "GNF", 1, true, false], ["FRw", "RWF", 2, true, false], ["RF", "RWF", 1, true, false], ["Ks", "MMK", 1, true, false],
  ["GFr", "GNF", 1, true, false], ["Esc", "CVE", 1, true, false], ["ƒ", "ANG", 2, true, false], ["Afl.", "AWG", 2, true, false], ["nzd", "NZD", 3, true, false], ["mkd", "MKD", 3, true, false], ["usd", "USD", 3, true, false], ["gbp", "GBP", 3, true, false],
  ["sek", "SEK", 3, true, false], ["nok", "NOK", 3, true, false], ["dkk", "DKK", 3, true, false], ["czk", "CZK", 3, true, false], ["huf", "HUF", 3, true, false],
  ["ron", "RON", 3, true, false], ["rub", "RUB", 3, true, false], ["uah", "UAH", 3, true, false], ["aud", "AUD", 3, true, false], ["cad", "CAD", 3, true, false],
];

function buildTable(): TCurrencyToken[] {
  const out: TCurrencyToken[] = [];
  for (const code of KNOWN_ISO) {
    out.push({ token: code, iso: code, rank: 3, needsNumber: RISKY_CODES.has(code) });
  }
  for (const [token, iso] of DOLLAR_SYMBOLS) out.push({ token, iso, rank: 3, family: "dollar" });
  out.push({ token: "$", iso: "USD", rank: 2, family: "dollar" });
  out.push({ token: "＄", iso: "USD", rank: 2, family: "dollar" });
  for (const [token, iso, family] of SYMBOLS) {
    out.push({ token, iso, rank: family ? 2 : 3, ...(family ? { family } : {}) });
  }
  for (const [token, iso, rank, needsNumber, caseInsensitive, family] of WORDS) {
    out.push({ token, iso, rank, needsNumber, caseInsensitive, ...(family ? { family } : {}) });
  }
  return out;
}

export const CURRENCY_TOKENS: readonly TCurrencyToken[] = buildTable();
