import { getProductUrlOrThrow } from "@/lib/products";
import type { TStoredCandidate } from "@/lib/scraping";

/** The prices found by the URL's last scrape, the one in use marked `selected` (the user's rule, else ours). */
export async function listPriceCandidates(workspaceId: string, productId: string, urlId: string) {
  const row = await getProductUrlOrThrow(workspaceId, urlId, { productId });
  const stored = Array.isArray(row.candidates) ? (row.candidates as TStoredCandidate[]) : [];
  const ruleInUse = row.selector !== null && row.selectorLostAt === null;
  // A 'Prix incertain' page stored no price: nothing is the current choice (the user's rule aside).
  const nothingStored = row.lastStatus === "uncertain";
  return {
    candidates: stored.map((c) => ({
      id: c.id,
      price: c.price,
      currency: c.currency,
      context: c.context,
      source: c.source,
      label: c.label,
      sku: c.sku,
      selected: ruleInUse ? c.locator === row.selector : !nothingStored && c.chosen,
    })),
    selector: row.selector,
    automatic: row.selector === null,
    rule_lost: row.selector !== null && row.selectorLostAt !== null,
  };
}
