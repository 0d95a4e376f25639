// Pure, locale-aware price parser: finds the price inside free text and tells its ISO currency.
import { THREE_DECIMAL_COMMA, THREE_DECIMAL_CURRENCIES, type TCurrencyFamily } from "./extract/currency-table";
import { classifyNumbers } from "./extract/classify-numbers";
import { findCurrencies, type TCurrencyMatch } from "./extract/find-currencies";
import { findNumbers, type TNumberToken } from "./extract/find-numbers";
import { normalizeText } from "./extract/normalize-text";
import { resolveAmount } from "./extract/resolve-amount";
import { pickHintCurrency, resolveCurrency } from "./extract/resolve-currency";

export type TParsePriceOptions = {
  currencyHint?: string | null;
  decimalSeparator?: string | null;
};

export type TParsedPrice = { amount: string | null; currency: string | null };

export type TParsePriceDetailedOptions = TParsePriceOptions & {
  // ISO currency the page itself declares (locale, structured data); refines "$", "kr", "¥".
  localeCurrency?: string | null;
};

export type TParsedPriceDetailed = TParsedPrice & {
  // Currency read from a shared symbol ("$", "kr", "¥") without anything to confirm it.
  currencyAmbiguous: boolean;
  currencyFamily: TCurrencyFamily | null;
  currencyFromText: boolean;
  // The chosen number had a currency token right next to it.
  hasAdjacentCurrency: boolean;
  // Other plausible amounts in the same text (not chosen), for callers that want them.
  numberCount: number;
};

type TCandidate = { tok: TNumberToken; amount: string; adjacent: TCurrencyMatch | null; demoted: boolean };

const RANGE_GAP = /^\s?(?:€|\$|£|eur|chf)?\s?(?:-|–|—|à|a|to|bis|до|tot|al|au)\s?(?:€|\$|£|eur|chf)?\s?$/i;
const FREE_RE = /\b(?:free|gratuit|gratuite|gratis|kostenlos|gratuito|offert|offerte)\b/i;

function gap(text: string, from: number, to: number): string {
  return from <= to ? text.slice(from, to) : "";
}

// Characters between a number and a currency token that may bind them; null when they are not neighbours.
function bindGap(text: string, tok: TNumberToken, c: TCurrencyMatch): number | null {
  if (c.start >= tok.start && c.end <= tok.end) return 0; // "35€99": the sign is the decimal mark
  let between: string | null = null;
  if (c.end <= tok.start && tok.start - c.end <= 3) between = gap(text, c.end, tok.start);
  else if (c.start >= tok.end && c.start - tok.end <= 3) between = gap(text, tok.end, c.start);
  return between !== null && /^[\s:]*$/.test(between) ? between.length : null;
}

function adjacentCurrency(
  text: string,
  tok: TNumberToken,
  currencies: TCurrencyMatch[],
  toks: TNumberToken[],
): TCurrencyMatch | null {
  let best: TCurrencyMatch | null = null;
  let bestDist = Infinity;
  for (const c of currencies) {
    const dist = bindGap(text, tok, c);
    if (dist === null) continue;
    // "Pack of 3: $12.99": a sign between two numbers belongs to the one it is closer to.
    if (toks.some((o) => o !== tok && (bindGap(text, o, c) ?? Infinity) < dist)) continue;
    if (!best || c.info.rank > best.info.rank || (c.info.rank === best.info.rank && dist < bestDist)) {
      best = c;
      bestDist = dist;
    }
  }
  return best;
}

// Currency tokens in the stretch of text that belongs to this number (up to the neighbouring numbers).
function windowCurrency(
  text: string,
  idx: number,
  toks: TNumberToken[],
  currencies: TCurrencyMatch[],
): TCurrencyMatch | null {
  const tok = toks[idx];
  if (!tok) return null;
  const lo = Math.max(toks[idx - 1]?.end ?? 0, tok.start - 16);
  const hi = Math.min(toks[idx + 1]?.start ?? text.length, tok.end + 16);
  let best: TCurrencyMatch | null = null;
  let bestDist = Infinity;
  for (const c of currencies) {
    if (c.end <= lo || c.start >= hi) continue;
    const cut = c.start >= tok.end ? text.slice(tok.end, c.start) : text.slice(c.end, tok.start);
    if (/[()|;]/.test(cut)) continue;
    const dist = c.start >= tok.end ? c.start - tok.end : tok.start - c.end;
    if (!best || c.info.rank > best.info.rank || (c.info.rank === best.info.rank && dist < bestDist)) {
      best = c;
      bestDist = dist;
    }
  }
  return best;
}

export function parsePriceDetailed(
  input: string | null | undefined,
  options: TParsePriceDetailedOptions = {},
): TParsedPriceDetailed {
  const empty: TParsedPriceDetailed = {
    amount: null,
    currency: null,
    currencyAmbiguous: false,
    currencyFamily: null,
    currencyFromText: false,
    hasAdjacentCurrency: false,
    numberCount: 0,
  };
  if (typeof input !== "string" && typeof input !== "number") input = "";
  const text = normalizeText(String(input).slice(0, 2000));
  const hint = typeof options.currencyHint === "string" ? normalizeText(options.currencyHint.slice(0, 2000)) : "";
  const currencies = findCurrencies(text);
  const hintCurrencies = hint ? findCurrencies(hint) : [];
  const toks = findNumbers(text);
  const ctx = classifyNumbers(text, toks, currencies);

  const cands: Array<TCandidate & { idx: number }> = [];
  toks.forEach((tok, idx) => {
    if (ctx[idx]?.bad) return;
    const adjacent = adjacentCurrency(text, tok, currencies, toks);
    const iso = adjacent?.info.iso ?? null;
    const threeDecimals =
      iso !== null && THREE_DECIMAL_CURRENCIES.has(iso) ? (THREE_DECIMAL_COMMA.has(iso) ? "any" : true) : false;
    const amount = resolveAmount(tok, { decimalSeparator: options.decimalSeparator, threeDecimals });
    if (amount === null) return;
    cands.push({ tok, amount, adjacent, demoted: ctx[idx]?.demoted ?? false, idx });
  });

  let chosen: (TCandidate & { idx: number }) | undefined;
  // A zero ("Now: $0.00") is a broken template more often than a price: last resort only.
  const nonZero = cands.some((c) => c.amount !== "0") ? cands.filter((c) => c.amount !== "0") : cands;
  const pool = nonZero.some((c) => !c.demoted) ? nonZero.filter((c) => !c.demoted) : nonZero;
  const withCurrency = pool.findIndex((c) => c.adjacent !== null);
  if (withCurrency >= 0) {
    chosen = pool[withCurrency];
    const prev = pool[withCurrency - 1];
    if (chosen && prev && prev.idx === chosen.idx - 1 && RANGE_GAP.test(gap(text, prev.tok.end, chosen.tok.start))) {
      chosen = prev;
    }
  } else {
    chosen = pool[0];
  }

  let amount: string | null = chosen?.amount ?? null;
  if (amount === null && toks.length === 0 && FREE_RE.test(text)) amount = "0";

  let match: TCurrencyMatch | null = null;
  let fromText = false;
  if (chosen) match = chosen.adjacent ?? windowCurrency(text, chosen.idx, toks, currencies);
  if (!match) match = pickHintCurrency(currencies);
  if (match) fromText = true;
  else match = pickHintCurrency(hintCurrencies);

  let currency: string | null = null;
  let ambiguous = false;
  let family: TCurrencyFamily | null = null;
  if (match) {
    const others = [...currencies.filter((c) => c !== match), ...hintCurrencies.filter((c) => c !== match)];
    const r = resolveCurrency(match, others, `${text} ${hint}`, options.localeCurrency ?? null);
    currency = r.iso;
    ambiguous = r.ambiguous;
    family = r.family;
  }
  if (chosen && currency && THREE_DECIMAL_CURRENCIES.has(currency) && !chosen.adjacent) {
    const threeDecimals = THREE_DECIMAL_COMMA.has(currency) ? "any" : true;
    amount = resolveAmount(chosen.tok, { decimalSeparator: options.decimalSeparator, threeDecimals }) ?? amount;
  }
  return {
    ...empty,
    amount,
    currency,
    currencyAmbiguous: ambiguous,
    currencyFamily: family,
    currencyFromText: fromText,
    hasAdjacentCurrency: !!chosen?.adjacent,
    numberCount: cands.length,
  };
}

export function parsePrice(text: string | null | undefined, options?: TParsePriceOptions): TParsedPrice {
  try {
    const r = parsePriceDetailed(text, options ?? {});
    return { amount: r.amount, currency: r.currency };
  } catch {
    return { amount: null, currency: null };
  }
}
