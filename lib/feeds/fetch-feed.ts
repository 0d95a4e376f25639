import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { fetchPage, resolveGuarded, type TResolver } from "@/lib/scraping";
import { ScrapeError } from "@/lib/scraping";
import { FEED_MSG, feedError } from "./messages";
import { MAX_FEED_BYTES } from "./read-feed-source";

export type TFeedGuard = { allowPrivate?: boolean; resolve?: TResolver };

const guardOf = (guard: TFeedGuard) => ({ allowPrivate: guard.allowPrivate ?? env.SCRAPER_ALLOW_PRIVATE_HOSTS });

/** A feed address the SSRF guard accepts (scheme, port, every address its name resolves to), else a French 422. */
export async function assertFeedUrl(url: string, guard: TFeedGuard = {}): Promise<void> {
  try {
    await resolveGuarded(url, guardOf(guard), guard.resolve);
  } catch (error) {
    if (error instanceof ScrapeError && error.code === "dns_failed") return;
    throw new AppError("feed_url_refused", { detail: error instanceof Error ? error.message : undefined });
  }
}

/**
 * The body of a feed URL, fetched like a scraped page (guard on every hop, address pinned, size capped), any
 * content type (its charset kept for the XML's decoding); an HTTP error or a refusal is the run's French error.
 */
export async function fetchFeed(
  url: string,
  guard: TFeedGuard = {},
): Promise<{ bytes: Uint8Array; name: string; charset: string | null }> {
  let page: Awaited<ReturnType<typeof fetchPage>>;
  try {
    page = await fetchPage(url, {
      ...guardOf(guard),
      resolve: guard.resolve,
      anyContentType: true,
      maxBytes: MAX_FEED_BYTES,
      timeoutMs: 60_000,
    });
  } catch (error) {
    throw feedError(`Flux injoignable : ${error instanceof Error ? error.message : String(error)}`);
  }
  if (page.status < 200 || page.status >= 300) throw feedError(FEED_MSG.httpStatus(page.status));
  const name = new URL(page.url).pathname.split("/").pop() || "flux";
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(page.contentType)?.[1] ?? null;
  return { bytes: new Uint8Array(page.body), name, charset };
}
