// The public face of lib/queue (scrape tasks: queuing, listing, cancelling): other domains import from here only
// (DESIGN §10).
export { requestUrlScrape } from "./request-url-scrape";
