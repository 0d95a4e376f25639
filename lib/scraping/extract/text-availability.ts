import type { Element } from "domhandler";
import type { TPageScan } from "./walk-page";
import type { TZones } from "./page-zones";

const OUT_RE =
  /rupture de stock|plus en stock|réapprovisionnement|bientôt disponible|bientot disponible|coming soon|back in stock soon|pas en stock|n'est pas disponible|en rupture|épuisé|\bepuise|\bindisponible\b|actuellement indisponible|temporairement indisponible|plus disponible|n'est plus disponible|non disponible|hors stock|out of stock|out-of-stock|sold out|\bsoldout\b|currently unavailable|temporarily unavailable|\bunavailable\b|no longer available|not available|nicht (?:mehr )?verfügbar|nicht (?:mehr )?lieferbar|derzeit nicht|ausverkauft|vergriffen|\bagotado\b|sin stock|no disponible|esaurito|non disponibile|niedostępny|wyprzedany|brak w magazynie|vyprodáno|nedostupné|není skladem|nem elérhető|elfogyott|stoc epuizat|\bindisponibil\b|uitverkocht|niet op voorraad|niet leverbaar|slutsåld|tillfälligt slut|slut i lager|nu (?:mai )?este disponibil|ej i lager|udsolgt|ikke på lager|utsolgt|tükendi|stokta yok|нет в наличии|немає в наявності|esgotado|indisponível|sem estoque|loppu varastosta|ei varastossa|εξαντλήθηκε|μη διαθέσιμο|在庫切れ|売り切れ|品切れ|缺货|售罄|품절|изчерпан|няма наличност|rasprodano|nije dostupno|vypredané|nedostupný|išparduota|izpārdots|läbimüüdud|sold-out|ruptura de stoc|nu este în stoc|agotados?|sin existencias|fuera de stock|non disponibili|non più disponibile|épuisés?|nicht auf lager|momentan nicht|zurzeit nicht/i;
const IN_RE =
  /\ben stock\b|\bin stock\b|\bauf lager\b|\bsofort lieferbar\b|\bsofort verfügbar\b|\blieferbar\b|\ben existencia\b|\bdisponibile\b|\bdostępny\b|\bna skladě(?![a-zà-ž])|\bskladem\b|\braktáron\b|în stoc\b|\bop voorraad\b|\bi lager\b|\bpå lager\b|\bstokta\b|в наличии|\bexpédié sous\b|\blivré (?:demain|dès|sous|chez vous)|\bships (?:today|in|within|from)\b|\bavailable (?:now|online|for (?:delivery|shipping))\b|\bdisponible en ligne\b|\ben stock en ligne\b|\bdisponible immédiatement\b|\bdisponible\b|\bavailable\b|\bdisponível\b|em estoque|disponível para entrega|varastossa|διαθέσιμο|在庫あり|有货|현재 구매 가능|в наличност|na zalihi|na sklade|sandėlyje|noliktavā|laos|stokta var|в наявності|na stanie|stock limité|derniers? articles?|last items?|only \d+ left|plus que \d+|\bsur commande\b|\bauf lager\b/i;
const AVAIL_CONTAINER = /stock|availab|dispo|inventory|verfügbar|lieferbar|lager|voorraad|magazyn|skladem/i;
const BADGE = /badge|label|tag|sticker|flag|ribbon|pill/i;
const NOTIFY_RE = /prévenez-moi|alertez-moi|m'alerter|notify me|benachrichtigen|avísame|avvisami|email when available/i;

type TSignal = { value: boolean; weight: number; order: number };

function enabled(btn: Element): boolean {
  const a = btn.attribs;
  if (a.disabled !== undefined || a["aria-disabled"] === "true") return false;
  return !/(?:^|\s|-)(?:disabled|is-disabled|btn-disabled|sold-?out|unavailable)(?:\s|$)/i.test(a.class ?? "");
}

// Availability from visible phrases and the add-to-cart button, ignoring recommendation blocks.
export function textAvailability(scan: TPageScan, zones: TZones): boolean | null {
  const signals: TSignal[] = [];
  const h1 = zones.h1Order;
  const proximity = (order: number): number => (h1 < 0 ? 0 : Math.max(0, 10 - Math.abs(order - h1) / 40));
  for (const { el, text } of scan.availabilityEls) {
    if (zones.isOffTopic(el)) continue;
    const t = text.replace(/\s+/g, " ").trim();
    if (!t || t.length > 160) continue;
    const order = scan.order.get(el) ?? 0;
    const main = zones.isInMain(el) ? 10 : 0;
    const cls = [el, el.parent].map((x) => (x && "attribs" in x ? `${(x as Element).attribs.class ?? ""} ${(x as Element).attribs.id ?? ""}` : "")).join(" ");
    // Sold-out badges are often always in the DOM and only shown by CSS: weak evidence.
    const base = AVAIL_CONTAINER.test(cls) ? 30 : BADGE.test(cls) ? 8 : 18;
    if (OUT_RE.test(t)) signals.push({ value: false, weight: base + main + proximity(order), order });
    else if (IN_RE.test(t)) {
      const weak = /^\s*(?:disponible|available)\b/i.test(t) && t.length > 40;
      signals.push({ value: true, weight: (weak ? 8 : base) + main + proximity(order), order });
    }
  }
  for (const btn of scan.buttons) {
    if (zones.isOffTopic(btn)) continue;
    const order = scan.order.get(btn) ?? 0;
    const main = zones.isInMain(btn) ? 10 : 0;
    const label = `${btn.attribs.value ?? ""} ${btn.attribs["aria-label"] ?? ""}`;
    if (NOTIFY_RE.test(label) || /variation-selection|select-options|choose-options/i.test(btn.attribs.class ?? "")) continue;
    signals.push({ value: enabled(btn), weight: 25 + main + proximity(order), order });
  }
  if (signals.length === 0) return null;
  signals.sort((a, b) => b.weight - a.weight || a.order - b.order);
  return signals[0]?.value ?? null;
}
