import type { Element } from "domhandler";
import { availabilityTexts, type TPageScan } from "./scan-page";
import type { TZones } from "./page-zones";
import { phraseRegex } from "./phrase-regex";
import { IN_STOCK, OUT_OF_STOCK } from "./phrases";

const OUT_RE = phraseRegex(OUT_OF_STOCK);
const IN_RE = phraseRegex(IN_STOCK);
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
  for (const { el, text } of availabilityTexts(scan)) {
    if (zones.isOffTopic(el)) continue;
    const t = text.replace(/\s+/g, " ").trim();
    if (!t || t.length > 160) continue;
    const order = scan.order.get(el) ?? 0;
    const main = zones.isInMain(el) ? 10 : 0;
    const cls = [el, el.parent]
      .map((x) =>
        x && "attribs" in x ? `${(x as Element).attribs.class ?? ""} ${(x as Element).attribs.id ?? ""}` : "",
      )
      .join(" ");
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
    if (NOTIFY_RE.test(label) || /variation-selection|select-options|choose-options/i.test(btn.attribs.class ?? ""))
      continue;
    signals.push({ value: enabled(btn), weight: 25 + main + proximity(order), order });
  }
  if (signals.length === 0) return null;
  signals.sort((a, b) => b.weight - a.weight || a.order - b.order);
  return signals[0]?.value ?? null;
}
