// Whether a text could show a price: a digit and a currency sign or code. Run on every text node of the page.

// A currency sign or code in a text node; codes are bounded by non-letters (\b fails next to "č", "ł", Cyrillic).
export const QUICK_CURRENCY = new RegExp(
  "[€$£¥￥₹₽₺₴₪₩₫฿₱₦₲₵₸₼₾]|円|元|원|(?<![A-Za-zÀ-ž])(?:EUR|USD|GBP|CHF|PLN|CZK|SEK|NOK|DKK|HUF|RON|BGN|TRY|CAD|AUD" +
    String.raw`|kr|Kč|zł|Ft|lei|TL|Lei|руб|грн|Rs|Rp|RM|Fr|Kn|din|лв|ден|tk)(?![A-Za-zÀ-ž])|р\.`,
);
// QUICK_CURRENCY's codes written in its letters (A-Z, a-z, À-ž): found as whole runs of those letters.
const CODES = new Set(
  "EUR USD GBP CHF PLN CZK SEK NOK DKK HUF RON BGN TRY CAD AUD kr Kč zł Ft lei TL Lei Rs Rp RM Fr Kn din tk".split(" "),
);

const isLetter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 0xc0 && c <= 0x17e);

/**
 * `/\d/.test(text) && QUICK_CURRENCY.test(text)` in one pass: a code is a whole run of QUICK_CURRENCY's letters, and
 * only a text holding "$" or a character outside ASCII and those letters (every other sign, "р.") needs the regex.
 */
export function showsAmount(text: string): boolean {
  let digit = false;
  let code = false;
  let plain = true;
  let run = -1;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32;
    if (isLetter(c)) {
      if (run < 0) run = i;
      continue;
    }
    if (run >= 0) {
      if (!code && i - run <= 3 && i - run >= 2) code = CODES.has(text.slice(run, i));
      run = -1;
    }
    if (c <= 57 && c >= 48) digit = true;
    else if (c === 36 || c >= 0x80) plain = false;
  }
  if (!digit) return false;
  return code || (!plain && QUICK_CURRENCY.test(text));
}
