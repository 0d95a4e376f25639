// The public face of lib/scraping (reading a shop's page: fetches under the SSRF guard, Chromium, extraction): other
// domains import from here only (DESIGN §10).
export { analyzeInWorker } from "./analyze-in-worker";
export { closeBrowser, renderPage } from "./browser";
export type { TPageOffer } from "./extract";
export {
  fetchPage,
  pinnedLookup,
  readBody,
  resolveGuarded,
  type TResolvedAddress,
  type TResolver,
  type TSendHop,
} from "./fetch-page";
export type { TStoredCandidate } from "./present-candidates";
export { ScrapeError, toScrapeError } from "./scrape-error";
export { scrapeUrl, type TScrapeOptions, type TScrapeSuccess } from "./scrape-url";
export { classifyAddress, parseIpLiteral } from "./ssrf-guard";
