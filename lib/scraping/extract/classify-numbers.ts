import type { TCurrencyMatch } from "./find-currencies";
import type { TNumberToken } from "./find-numbers";
import { phraseRegex } from "./phrase-regex";
import { NOW_PRICE_BEFORE, OTHER_PRICE_BEFORE } from "./phrases";

export type TNumberContext = {
  // Not a price at all: percentage, date, phone, quantity, rating, model or reference number.
  bad: boolean;
  // A price, but likely not the one asked for: old price, saving, shipping threshold, instalment.
  demoted: boolean;
};

const DATE_RES = [
  /\b\d{1,2}([./-])\d{1,2}\1(?:\d{4}|\d{2})\b/g,
  /\b\d{4}([./-])\d{1,2}\1\d{1,2}\b/g,
  /\b\d{1,2}[:h]\d{2}\b(?!\s?(?:€|\$|£))/g,
  new RegExp(
    String.raw`\b(?:jan|feb|fév|fev|mar|apr|avr|may|mai|jun|juin|jul|juil|aug|aoû|aou|sep|oct|nov|dec` +
      String.raw`|déc)[a-zéû]*\.?,?\s(?:\d{1,2},?\s)?(?:19|20)\d{2}\b`,
    "gi",
  ),
];
const PHONE_RE = /(?:\+\d|\b0)\d?[\d .\-()/]{7,}\d/g;

const UNIT_AFTER = new RegExp(
  String.raw`^\s?(?:x\b|×|fois\b|kg\b|g\b|mg\b|ml\b|cl\b|dl\b|l\b|cm\b|mm\b|m\b|km\b|m²|m2\b|GB\b|Go\b|TB\b|To\b|Mo\b` +
    String.raw`|MB\b|W\b|kW\b|V\b|mAh\b|Hz\b|GHz\b|pcs\b|pces\b|pièces?\b|pieces?\b|ans?\b|years?\b|jours?\b|days?\b|mois\b` +
    String.raw`|months?\b|min\b|ft\b|stars?\b|étoiles?\b|avis\b|reviews?\b|ratings?\b|Bewertungen\b|%|sur\s\d|out of\s\d` +
    String.raw`|von\s\d\b|\/\s?(?:5|10)\b(?![.,]\d))`,
  "u",
);
const ID_BEFORE = new RegExp(
  String.raw`(?:#|n°|nº|\bno\.|\bnr\.?|\bréf\.?|\bref\.?|\bsku|\bean|\bisbn|\bupc|\bart(?:\.|icle)?(?:-?nr\.?)?` +
    String.raw`|\bmod[eè]le?|\bmodel|\bitem|\bcode|\btel\.?|\btél\.?|\bphone|\bfax|\bid)\s*[:.#]?\s*$`,
  "i",
);
const QTY_BEFORE = new RegExp(
  String.raw`(?:\bx|×|\bqty|\bquantité|\bqté|\blot de|\bpack (?:de|of)|\bset of|\bbox of|\btaille|\bsize|\bpointure` +
    String.raw`|\bgröße|\bgrösse|\bmenge|\bstück)\s?[:.]?\s?$`,
  "i",
);
const OLD_BEFORE = phraseRegex(OTHER_PRICE_BEFORE, (a) => `(?:${a})[^0-9]{0,20}$`);
const INSTALMENT_AFTER = /^\s?(?:€|\$|£|eur)?\s?(?:\/\s?mois|\/\s?mo\b|\/\s?month|par mois|per month|x\s?\d|\/\s?m\b)/i;
const EXCL_TAX_AFTER = new RegExp(
  String.raw`^\s?(?:€|eur|\$|£|chf|zł|kč)?\s?(?:HT\b|H\.T\.|hors tax|excl\.?|exkl\.?|zzgl\.?|netto|\+ ?(?:TVA|VAT|IVA` +
    String.raw`|MwSt)|ex\.? VAT|bez DPH|sin IVA|hors TVA)`,
  "i",
);
const NOW_BEFORE = phraseRegex(NOW_PRICE_BEFORE, (a) => `(?:${a})[^0-9]{0,12}$`);

function collectSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const re of DATE_RES) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) spans.push([m.index, m.index + m[0].length]);
  }
  PHONE_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = PHONE_RE.exec(text)) !== null) {
    const digits = m[0].replace(/\D/g, "").length;
    if (digits >= 9) spans.push([m.index, m.index + m[0].length]);
  }
  return spans;
}

const isAsciiLetter = (ch: string | undefined): boolean => ch !== undefined && /[A-Za-z]/.test(ch);

export function classifyNumbers(text: string, numbers: TNumberToken[], currencies: TCurrencyMatch[]): TNumberContext[] {
  const spans = collectSpans(text);
  const startsAt = new Set(currencies.map((c) => c.start));
  const endsAt = new Set(currencies.map((c) => c.end));
  return numbers.map((n) => {
    let bad = spans.some(([a, b]) => n.start < b && n.end > a);
    const before = text.slice(Math.max(0, n.start - 40), n.start);
    const after = text.slice(n.end, n.end + 24);
    const afterTrim = after.startsWith(" ") ? 1 : 0;
    const currencyAfter = startsAt.has(n.end) || startsAt.has(n.end + afterTrim);
    if (!bad && isAsciiLetter(text[n.start - 1]) && !endsAt.has(n.start)) bad = true;
    const gluedAfter = !bad && isAsciiLetter(text[n.end]) && !startsAt.has(n.end);
    if (!bad && !currencyAfter && UNIT_AFTER.test(after)) bad = true;
    if (
      !bad &&
      (ID_BEFORE.test(before) || QTY_BEFORE.test(before) || /\d\s?(?:\/|sur|out of|von|de|of)\s?$/i.test(before))
    )
      bad = true;
    const g0 = n.groups[0] ?? "";
    if (!bad && g0.length > 1 && g0.startsWith("0") && n.seps.length === 0) bad = true;
    const demoted =
      gluedAfter ||
      (!NOW_BEFORE.test(before) &&
        (OLD_BEFORE.test(before) || INSTALMENT_AFTER.test(after) || EXCL_TAX_AFTER.test(after)));
    return { bad, demoted };
  });
}
