import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls } from "@/db/schema";
import { env } from "@/lib/env";
import { planAccess } from "@/lib/fetching";
import { scrapeUrl } from "@/lib/scraping";
import type { TConfirmPrice } from "./evaluate-new-price";

/**
 * The default `confirmPrice`: a second scrape of the URL with its saved selector and fetch mode.
 * Writes nothing; any failure (blocked, no price, timeout) is "not confirmed" (null).
 */
export const rescrapePrice: TConfirmPrice = async (urlId) => {
  const db = await getDb();
  const [url] = await db
    .select({
      url: productUrls.url,
      selector: productUrls.selector,
      fetchMode: productUrls.fetchMode,
      workspaceId: productUrls.workspaceId,
    })
    .from(productUrls)
    .where(eq(productUrls.id, urlId))
    .limit(1);
  if (!url) return null;
  try {
    // the shop's access (a walled shop is confirmed through its proxies or provider, within the cap)
    const access =
      url.fetchMode === "browser"
        ? undefined
        : await planAccess(db, url.workspaceId, url.url, { allowPrivate: env.SCRAPER_ALLOW_PRIVATE_HOSTS });
    const page = await scrapeUrl(
      { url: url.url, selector: url.selector, fetchMode: url.fetchMode },
      { access, signal: AbortSignal.timeout(60_000) },
    );
    return { price: page.price, available: page.available };
  } catch {
    return null;
  }
};
