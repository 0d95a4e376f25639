import { createHash } from "node:crypto";
import type { TCandidateKind, TExtractResult } from "./extract";

export type TStoredCandidate = {
  id: string;
  price: string;
  currency: string | null;
  context: string;
  // Where it was found, in French, for the user.
  source: string;
  kind: TCandidateKind;
  label: string | null;
  sku: string | null;
  // The rule that finds it again (product_urls.selector when the user chooses it).
  locator: string;
  // The price the extractor answered with and that was stored (never on a 'Prix incertain' page).
  chosen: boolean;
};

export const CANDIDATE_SOURCES: Record<TCandidateKind, string> = {
  selector: "votre sélecteur",
  structured: "données structurées",
  variant: "variante",
  main: "bloc principal",
  "crossed-out": "prix barré",
  page: "ailleurs sur la page",
  "other-amount": "autre montant (livraison, mensualité, économie…)",
  related: "produit similaire",
  deal: "offre à durée limitée",
  member: "prix membre / carte de fidélité",
  coupon: "prix avec coupon ou code promo",
  offer: "offre d'un vendeur",
};

const ORDER: TCandidateKind[] = [
  "selector",
  "structured",
  "offer",
  "variant",
  "deal",
  "main",
  "crossed-out",
  "member",
  "coupon",
  "page",
  "other-amount",
  "related",
];
// Stored with the URL after every scrape: enough to choose from, bounded in size.
const MAX_STORED = 30;

/**
 * The candidates of one extraction as stored for the price picker, most useful first, ids stable by locator.
 * `stored` false (an uncertain price, not recorded) leaves every candidate unchosen.
 */
export function presentCandidates(found: TExtractResult, stored = true): TStoredCandidate[] {
  const seen = new Set<string>();
  const out: TStoredCandidate[] = [];
  const sorted = [...found.candidates].sort(
    (a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind) || b.score - a.score,
  );
  let chosenGiven = !stored;
  // The user's selector re-found a listed amount: that entry (with its words and place) stands for it.
  const listed = new Set(found.candidates.filter((c) => c.kind !== "selector").map((c) => `${c.locator}|${c.price}`));
  for (const c of sorted) {
    if (out.length >= MAX_STORED) break;
    const key = `${c.locator}|${c.price}`;
    if (seen.has(key) || (c.kind === "selector" && listed.has(key))) continue;
    seen.add(key);
    const chosen =
      !chosenGiven &&
      found.price !== null &&
      c.price === found.price &&
      c.kind !== "other-amount" &&
      c.kind !== "member" &&
      c.kind !== "coupon";
    if (chosen) chosenGiven = true;
    out.push({
      id: createHash("sha1").update(key).digest("hex").slice(0, 12),
      price: c.price,
      currency: c.currency ?? found.currency,
      context: (c.label ?? c.context).slice(0, 160),
      source: CANDIDATE_SOURCES[c.kind],
      kind: c.kind,
      label: c.label,
      sku: c.sku,
      locator: c.locator.slice(0, 500),
      chosen,
    });
  }
  return out;
}
