import { recordAudit } from "@/lib/audit";
import { selectOne } from "css-select";
import { parseDocument } from "htmlparser2";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { getProductUrlOrThrow } from "@/lib/products";
import { queryProducts } from "@/lib/products";
import { requestUrlScrape } from "@/lib/queue";
import type { TStoredCandidate } from "@/lib/scraping";
import type { TPriceSource } from "./schemas";

const EMPTY_DOC = parseDocument("<p></p>");

function checkSelector(selector: string): void {
  try {
    selectOne(selector, EMPTY_DOC);
  } catch {
    throw new AppError("invalid_selector");
  }
}

/**
 * Stores how the URL's price is read (a found candidate, a typed CSS selector, or automatic) and queues a
 * re-scrape so the chosen price shows at once, in one transaction: a refused scrape (429) saves nothing. A candidate is kept by its locator (sku, structured path or
 * stable CSS path), so it survives the next scrape of the same page template.
 */
export async function setPriceSource(workspaceId: string, productId: string, urlId: string, input: TPriceSource) {
  const db = await getDb();
  await getProductUrlOrThrow(workspaceId, urlId, { productId, db });
  if ("selector" in input) checkSelector(input.selector);
  const { task, created } = await requestUrlScrape(workspaceId, urlId, {
    change: async (tx, row) => {
      let selector: string | null = null;
      if ("candidate_id" in input) {
        const stored = Array.isArray(row.candidates) ? (row.candidates as TStoredCandidate[]) : [];
        const found = stored.find((c) => c.id === input.candidate_id);
        if (!found) {
          throw new AppError("stale_candidate");
        }
        selector = found.locator;
      } else if ("selector" in input) {
        selector = input.selector;
      }
      await tx
        .update(productUrls)
        .set({
          selector,
          selectorLostAt: null,
          // the reading shown now was read with the rule the user just replaced: the next one corrects it
          ...(selector !== row.selector ? { correctingId: sql`${productUrls.latestReadingId}` } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(productUrls.id, urlId), eq(productUrls.workspaceId, workspaceId)));
      await recordAudit(
        tx,
        workspaceId,
        "price_source.update",
        { type: "url", id: urlId },
        { product_id: productId, selector },
      );
    },
  });
  const [product] = await queryProducts(db, workspaceId, { productId });
  const url = product?.urls.find((u) => u.id === urlId);
  if (!url) throw new AppError("url_not_found");
  return { url, task, created };
}
