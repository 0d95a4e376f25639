import type { URL_STATUSES } from "@/db/schema";
import type { TStoredCandidate } from "./present-candidates";

export type TScrapeErrorCode =
  | "invalid_url"
  | "blocked_address"
  | "blocked_port"
  | "dns_failed"
  | "unreachable"
  | "timeout"
  | "too_many_redirects"
  | "too_large"
  | "too_complex"
  | "http_error"
  | "not_found"
  | "invalid_page"
  | "bot_wall"
  | "no_price"
  | "uncertain_price"
  | "browser_unavailable"
  | "proxy_error"
  | "provider_error"
  | "provider_cap"
  | "cancelled";

type TUrlStatus = (typeof URL_STATUSES)[number];

/** A scrape that failed, with a French reason shown to the user and whether a later attempt may succeed. */
export class ScrapeError extends Error {
  constructor(
    readonly code: TScrapeErrorCode,
    message: string,
    readonly retryable: boolean,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = "ScrapeError";
  }

  /** The shop's `Retry-After` (429, 503): no new attempt before this delay. */
  retryAfterMs?: number;

  /** The prices the page showed when it was read but none could be trusted (for the price picker). */
  candidates?: TStoredCandidate[];

  /**
   * product_urls.last_status for this failure; a bot wall is "blocked" (the site refused us), never "out of
   * stock". An address our own guard refuses is an "error" whose message says why: the site is not to blame.
   */
  get urlStatus(): TUrlStatus {
    switch (this.code) {
      case "bot_wall":
        return "blocked";
      case "no_price":
        return "no_price";
      case "uncertain_price":
        return "uncertain";
      case "dns_failed":
      case "unreachable":
      case "timeout":
        return "unreachable";
      default:
        return "error";
    }
  }
}

/** Any thrown value as a ScrapeError (unexpected errors become a generic, retryable failure). */
export function toScrapeError(error: unknown): ScrapeError {
  if (error instanceof ScrapeError) return error;
  if (error instanceof Error && error.name === "AbortError") {
    return new ScrapeError("timeout", "Délai dépassé : la page n'a pas répondu à temps", true);
  }
  return new ScrapeError("unreachable", "Erreur inattendue pendant le scraping", true);
}
