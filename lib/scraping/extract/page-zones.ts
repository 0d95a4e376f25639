import type { Element } from "domhandler";
import { ancestors, classTokens } from "./dom-utils";
import type { TPageScan } from "./scan-page";

const CHROME_TAGS = new Set(["header", "footer", "nav", "aside"]);
const CHROME_ROLES = new Set(["banner", "contentinfo", "navigation", "complementary", "dialog"]);
const CHROME_TOKEN = new RegExp(
  "^(?:header|footer|nav|navbar|navigation|menu|megamenu|minicart|breadcrumbs?|newsletter|cookie|cookies|modal" +
    "|popup|offcanvas|topbar|masthead)$",
);
const CHROME_RAW = new RegExp(
  String.raw`\b(?:mini-?cart|cart-?drawer|cart-?preview|header-?cart|side-?cart|cart-?popup|cart-?dropdown|cart-?flyout` +
    String.raw`|site-?header|site-?footer|page-?header|page-?footer|global-?header|global-?footer|cookie-?banner|nav-?cart)\b`,
  "i",
);

export type TZones = {
  mainH1: Element | null;
  mainRoot: Element | null;
  h1Order: number;
  cartOrder: number;
  // True when the element sits in a block that is not about the page's product.
  isOffTopic: (el: Element) => boolean;
  isInMain: (el: Element) => boolean;
};

function chromeLike(el: Element): boolean {
  if (CHROME_TAGS.has(el.name)) return true;
  const role = el.attribs.role;
  if (role && CHROME_ROLES.has(role)) return true;
  const toks = classTokens(el);
  if (toks.length === 0) return false;
  const first = toks[0] ?? "";
  if (CHROME_TOKEN.test(first) && !toks.some((t) => /product|item|price|detail/.test(t))) return true;
  return CHROME_RAW.test(`${el.attribs.class ?? ""} ${el.attribs.id ?? ""}`);
}

export function computeZones(scan: TPageScan): TZones {
  const offTopicCache = new Map<Element, boolean>();
  const rawOffTopic = (el: Element): boolean => {
    if (scan.relatedRoots.has(el) || scan.hiddenRoots.has(el)) return true;
    return chromeLike(el);
  };
  const offTopicNoMain = (el: Element): boolean => [el, ...ancestors(el)].some((a) => rawOffTopic(a));
  const mainH1 = scan.h1s.find((h) => !offTopicNoMain(h)) ?? scan.h1s[0] ?? null;
  const h1OrderRaw = mainH1 ? (scan.order.get(mainH1) ?? -1) : -1;
  const inRelated = (el: Element): boolean =>
    [el, ...ancestors(el)].some((a) => scan.relatedRoots.has(a) || scan.hiddenRoots.has(a));
  const mainButton =
    scan.buttons.find((b) => (scan.order.get(b) ?? 0) > h1OrderRaw && !inRelated(b)) ??
    scan.buttons.find((b) => !inRelated(b)) ??
    null;
  // Containers of the title and of the buy button are never off-topic, whatever their class says.
  const exempt = new Set<Element>([...(mainH1 ? ancestors(mainH1) : []), ...(mainButton ? ancestors(mainButton) : [])]);
  const isOffTopic = (el: Element): boolean => {
    const cached = offTopicCache.get(el);
    if (cached !== undefined) return cached;
    const chain = [el, ...ancestors(el)];
    const result = chain.some((a) => !exempt.has(a) && rawOffTopic(a));
    offTopicCache.set(el, result);
    return result;
  };
  const h1Order = mainH1 ? (scan.order.get(mainH1) ?? -1) : -1;
  const button = mainButton && !isOffTopic(mainButton) ? mainButton : null;
  const cartOrder = button ? (scan.order.get(button) ?? -1) : -1;
  let mainRoot: Element | null = null;
  if (mainH1) {
    const chain = ancestors(mainH1);
    if (button) {
      const bAnc = new Set(ancestors(button));
      mainRoot = chain.find((a) => bAnc.has(a) && a.name !== "body" && a.name !== "html") ?? null;
    }
    if (!mainRoot) mainRoot = chain[Math.min(2, chain.length - 1)] ?? null;
    if (mainRoot && (mainRoot.name === "body" || mainRoot.name === "html")) mainRoot = null;
  }
  const isInMain = (el: Element): boolean => !!mainRoot && ancestors(el).includes(mainRoot);
  return { mainH1, mainRoot, h1Order, cartOrder, isOffTopic, isInMain };
}
