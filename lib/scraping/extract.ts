// Pure product extraction from an HTML page: price, ISO currency, availability, title.
// No network, no database, no framework import; never throws.
import { reconcilePrice, type TCurrencyInfo } from "./extract/reconcile-price";
import { chooseStructured, type TStructuredPick } from "./extract/choose-structured";
import { computeZones } from "./extract/page-zones";
import { pageLocale } from "./extract/page-locale";
import { parseHtml } from "./extract/parse-html";
import { runSelector } from "./extract/run-selector";
import { collectTextCandidates, type TTextCandidate } from "./extract/text-candidates";
import { textAvailability } from "./extract/text-availability";
import { headingText, walkPage } from "./extract/walk-page";
import { FAMILY_CODES } from "./extract/resolve-currency";

export type TExtractMethod = "jsonld" | "microdata" | "meta" | "selector" | "text";

export type TExtractCandidate = { price: string; currency: string | null; source: string; score: number };

export type TExtractResult = {
  price: string | null;
  currency: string | null;
  available: boolean | null;
  title: string | null;
  method: TExtractMethod | null;
  candidates: TExtractCandidate[];
};

export type TExtractOptions = { selector?: string | null };

const MAX_HTML = 8_000_000;

function emptyResult(): TExtractResult {
  return { price: null, currency: null, available: null, title: null, method: null, candidates: [] };
}

function refineCurrency(info: TCurrencyInfo, structured: string | null, declared: string | null, domain: string | null): string | null {
  const { currency, ambiguous, family } = info;
  if (currency && !ambiguous) return currency;
  if (family) {
    const codes = FAMILY_CODES[family];
    if (structured && codes.has(structured)) return structured;
    if (declared && codes.has(declared)) return declared;
    if (family === "krona" && domain && codes.has(domain)) return domain;
    return currency;
  }
  return currency ?? structured ?? declared ?? domain;
}

export function extractProduct(html: string, pageUrl: string, options: TExtractOptions = {}): TExtractResult {
  try {
    return extractUnsafe(typeof html === "string" ? html.slice(0, MAX_HTML) : "", typeof pageUrl === "string" ? pageUrl : "", options ?? {});
  } catch {
    return emptyResult();
  }
}

function extractUnsafe(html: string, pageUrl: string, options: TExtractOptions): TExtractResult {
  if (!html.trim()) return emptyResult();
  const doc = parseHtml(html);
  const scan = walkPage(doc);
  const zones = computeZones(scan);
  const ogLocale = scan.metas.get("og:locale")?.[0] ?? null;
  const locale = pageLocale(scan.lang, ogLocale, pageUrl);
  const h1Text = zones.mainH1 ? headingText(zones.mainH1) : null;

  const structured: TStructuredPick = chooseStructured(scan, zones, pageUrl, h1Text);
  const localeForText = structured.currency ?? locale.declared;
  const textCands: TTextCandidate[] = collectTextCandidates(scan, zones, localeForText);
  let liveText = textCands.filter((c) => !c.excluded).sort((a, b) => b.score - a.score);
  if (!liveText.some((c) => c.score >= 60)) {
    // Themes that label the only price "regular": use it when nothing better is shown.
    const soft = textCands.filter((c) => c.excluded === "maybe-crossed-out").map((c) => ({ ...c, excluded: null, score: c.softScore }));
    liveText = [...liveText, ...soft].sort((a, b) => b.score - a.score);
  }
  const bestText = liveText[0] ?? null;

  const candidates: TExtractCandidate[] = [];
  for (const s of structured.candidates) candidates.push(s);

  let price: string | null = null;
  let currencyInfo: TCurrencyInfo = { currency: null, ambiguous: false, family: null };
  let method: TExtractMethod | null = null;

  const sel = options.selector ? runSelector(doc, options.selector, localeForText) : null;
  if (sel) {
    candidates.push({ price: sel.amount, currency: sel.currency, source: "selector", score: 100 });
    price = sel.amount;
    currencyInfo = { currency: sel.currency, ambiguous: sel.ambiguous, family: sel.family };
    method = "selector";
  }

  let available = structured.available;
  if (available === null) available = textAvailability(scan, zones);

  if (!method && structured.price !== null) {
    const r = reconcilePrice(structured, textCands, liveText);
    price = r.price;
    currencyInfo = r.currencyInfo;
    method = r.method;
  }

  if (!method && bestText) {
    const threshold = available === false ? 55 : zones.h1Order < 0 ? 15 : 25;
    if (bestText.score >= threshold) {
      price = bestText.price;
      currencyInfo = { currency: bestText.parsed.currency, ambiguous: bestText.parsed.currencyAmbiguous, family: bestText.parsed.currencyFamily };
      method = "text";
    }
  }

  // A shown price with no sign of unavailability is, on a product page, almost always buyable.
  if (available === null && price !== null) available = true;

  const currency = price === null ? null : refineCurrency(currencyInfo, structured.currency, locale.declared, locale.domain);

  const seenText = new Set<string>();
  for (const c of [...liveText, ...textCands.filter((x) => x.excluded)]) {
    const key = `${c.price}|${c.source}|${c.excluded ?? ""}`;
    if (seenText.has(key)) continue;
    seenText.add(key);
    candidates.push({
      price: c.price,
      currency: c.parsed.currency,
      source: c.excluded ? `${c.source}:${c.excluded}` : c.source,
      score: c.score,
    });
    if (candidates.length >= 40) break;
  }

  const title = structured.title ?? h1Text ?? scan.metas.get("og:title")?.[0]?.trim() ?? scan.titleText ?? null;
  return { price, currency, available, title: title || null, method, candidates };
}
