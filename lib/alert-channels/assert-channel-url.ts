import { AppError } from "@/lib/errors/app-error";
import { resolveGuarded, type TResolver } from "@/lib/scraping/fetch-page";
import { ScrapeError } from "@/lib/scraping/scrape-error";
import { env } from "@/lib/env";
import { assertSchemeAllowed } from "./post-to-channel";

export type TChannelGuard = { allowPrivate?: boolean; resolve?: TResolver };

/**
 * Refuses (422, French reason) a channel URL the SSRF guard would refuse to reach: scheme, credentials,
 * port, private or reserved addresses, including those its name resolves to. Checked again at every send.
 */
export async function assertChannelUrl(url: string, guard: TChannelGuard = {}): Promise<void> {
  try {
    assertSchemeAllowed(url);
    await resolveGuarded(url, { allowPrivate: guard.allowPrivate ?? env.SCRAPER_ALLOW_PRIVATE_HOSTS }, guard.resolve);
  } catch (error) {
    if (error instanceof ScrapeError) {
      const message =
        error.code === "invalid_url" ? error.message.replace("Adresse de page", "Adresse du canal") : error.message;
      throw new AppError("invalid_channel_url", { detail: message, extra: { errors: { url: [message] } } });
    }
    throw error;
  }
}
