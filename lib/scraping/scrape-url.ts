// One scrape of one page: static fetch first, the browser when the static page has no price, looks
// JS-rendered or is a bot challenge. Writes nothing: the job decides what to store.
import { env } from "@/lib/env";
import type { TAccess, TFetchPath } from "@/lib/fetching";
import { renderPage } from "./browser";
import type { TPageOffer } from "./extract";
import { analyzeInWorker } from "./analyze-in-worker";
import { WEIGHTS } from "./extract/weights";
import { presentCandidates, type TStoredCandidate } from "./present-candidates";
import { fetchPage, type TResolver } from "./fetch-page";
import { ScrapeError, toScrapeError } from "./scrape-error";

export type TFetchMode = "auto" | "static" | "browser";

export type TScrapeInput = { url: string; selector?: string | null; fetchMode?: TFetchMode };

export type TScrapeOptions = {
  allowPrivate?: boolean;
  signal?: AbortSignal;
  staticTimeoutMs?: number;
  browserTimeoutMs?: number;
  /** false: never start Chromium (a page needing it fails with a clear reason). */
  browser?: boolean;
  resolve?: TResolver;
  /** Time a worker may spend analysing one page (ANALYSIS_BUDGET_MS by default). */
  analysisBudgetMs?: number;
  /** The shop's ways to the page (lib/fetching/plan-access.ts); direct then browser without it. */
  access?: TAccess;
};

export type TScrapeSuccess = {
  price: string | null;
  currency: string | null;
  regularPrice: string | null;
  shipping: string | null;
  memberPrice: string | null;
  couponPrice: string | null;
  offers: TPageOffer[];
  // false: the page shows a price but states no stock ('Non précisée'); `available` is then true.
  availabilityStated: boolean;
  candidates: TStoredCandidate[];
  // The URL's price rule found nothing on the page: the automatic price was used instead.
  ruleLost: boolean;
  available: boolean;
  title: string | null;
  method: string;
  mode: "static" | "browser";
  /** The way the page was obtained. */
  path: TFetchPath;
  finalUrl: string;
  httpStatus: number;
  elapsedMs: number;
};

type TAttempt = {
  mode: "static" | "browser";
  html: string;
  url: string;
  status: number;
  headers: Record<string, string>;
};

function httpFailure(status: number, headers: Record<string, string>): ScrapeError {
  if (status === 404 || status === 410)
    return new ScrapeError("not_found", `Page introuvable (HTTP ${status})`, false, status);
  let error: ScrapeError | null = null;
  if (status === 429)
    error = new ScrapeError(
      "http_error",
      "Trop de requêtes : le site marchand limite l'accès (HTTP 429)",
      true,
      status,
    );
  else if (status >= 500)
    error = new ScrapeError("http_error", `Le site marchand a répondu par une erreur (HTTP ${status})`, true, status);
  if (error) {
    error.retryAfterMs = retryAfterMs(headers["retry-after"]);
    return error;
  }
  return new ScrapeError("http_error", `Le site marchand a refusé la page (HTTP ${status})`, status === 408, status);
}

const RETRY_AFTER_MAX_MS = 6 * 60 * 60 * 1000;

/** `Retry-After` in seconds or as an HTTP date, as a delay from now (at most 6 h); undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), RETRY_AFTER_MAX_MS) : undefined;
}

function botWallError(vendor: string): ScrapeError {
  const name =
    { cloudflare: "Cloudflare", datadome: "DataDome", akamai: "Akamai", perimeterx: "PerimeterX", captcha: "captcha" }[
      vendor
    ] ?? vendor;
  return new ScrapeError("bot_wall", `Accès bloqué par une protection anti-robot (${name})`, true);
}

/** Turns one loaded page into a price, or a ScrapeError that says why not; `jsRendered` for the static page. */
async function read(
  attempt: TAttempt,
  selector: string | null | undefined,
  budgetMs: number | undefined,
): Promise<Omit<TScrapeSuccess, "elapsedMs" | "path"> & { jsRendered: boolean }> {
  const { wall, found, jsRendered } = await analyzeInWorker(
    {
      html: attempt.html,
      url: attempt.url,
      status: attempt.status,
      headers: attempt.headers,
      selector: selector ?? null,
    },
    { budgetMs },
  );
  if (wall) throw botWallError(wall);
  if (attempt.status >= 400) throw httpFailure(attempt.status, attempt.headers);
  const available = found.available ?? true;
  if (found.price === null && available) {
    throw new ScrapeError("no_price", "Aucun prix trouvé sur la page", true);
  }
  // A doubtful price is worse than none: it would be stored and could fire a false alert.
  if (found.price !== null && found.confidence < WEIGHTS.confidence.threshold) {
    const reason = found.uncertainReason ?? "plusieurs prix possibles sur la page";
    const error = new ScrapeError("uncertain_price", `Prix incertain : ${reason}`, false);
    error.candidates = presentCandidates(found, false);
    throw error;
  }
  return {
    price: found.price,
    currency: found.currency ?? (found.price !== null ? "EUR" : null),
    regularPrice: found.regularPrice,
    shipping: found.shipping,
    memberPrice: found.memberPrice,
    couponPrice: found.couponPrice,
    offers: found.offers,
    availabilityStated: found.available !== null,
    candidates: presentCandidates(found),
    ruleLost: !!selector && found.method !== "selector",
    available,
    title: found.title ?? null,
    method: String(found.method ?? "unknown"),
    mode: attempt.mode,
    finalUrl: attempt.url,
    httpStatus: attempt.status,
    jsRendered,
  };
}

/** Scrapes a page; throws ScrapeError with a French reason when no price can be read. */
export async function scrapeUrl(input: TScrapeInput, options: TScrapeOptions = {}): Promise<TScrapeSuccess> {
  const started = Date.now();
  const allowPrivate = options.allowPrivate ?? env.SCRAPER_ALLOW_PRIVATE_HOSTS;
  const useBrowser = options.browser ?? true;
  const budgetMs = options.analysisBudgetMs;
  const finish = ({ jsRendered: _, ...r }: Awaited<ReturnType<typeof read>>, path: TFetchPath): TScrapeSuccess => ({
    ...r,
    path,
    elapsedMs: Date.now() - started,
  });

  const viaBrowser = async () => {
    if (!useBrowser)
      throw new ScrapeError("browser_unavailable", "Cette page nécessite un navigateur headless, désactivé ici", false);
    const page = await renderPage(input.url, {
      allowPrivate,
      selector: input.selector,
      signal: options.signal,
      timeoutMs: options.browserTimeoutMs,
      ready: async (html, url) => {
        const { found } = await analyzeInWorker(
          { html, url, status: 200, headers: {}, selector: input.selector ?? null },
          { budgetMs },
        );
        return found.price !== null || found.available === false;
      },
    });
    return read({ mode: "browser", ...page }, input.selector, budgetMs);
  };

  if (input.fetchMode === "browser") return finish(await viaBrowser(), "browser");

  const viaStatic = async (path: TFetchPath) => {
    const page =
      path === "direct"
        ? await fetchPage(input.url, {
            allowPrivate,
            signal: options.signal,
            timeoutMs: options.staticTimeoutMs,
            resolve: options.resolve,
          })
        : await options.access!.fetch(path as "proxy" | "provider", input.url, options.signal);
    return read(
      { mode: "static", html: page.html, url: page.url, status: page.status, headers: page.headers },
      input.selector,
      budgetMs,
    );
  };

  const planned = (options.access?.paths ?? ["direct", "browser"]).filter((p) => p !== "browser" || useBrowser);
  const paths: TFetchPath[] = planned.length > 0 ? planned : ["browser"];
  let failure: ScrapeError | null = null;
  for (const [i, path] of paths.entries()) {
    const later = paths.slice(i + 1);
    const paidLater = later.some((p) => p === "proxy" || p === "provider");
    let error: ScrapeError;
    try {
      const result = path === "browser" ? await viaBrowser() : await viaStatic(path);
      // "out of stock" read from an application shell may be a placeholder that scripts replace
      if (result.price !== null || !result.jsRendered || later.length === 0) return finish(result, path);
      error = new ScrapeError("no_price", "Aucun prix trouvé sur la page", true);
    } catch (e) {
      error = toScrapeError(e);
    }
    // the browser could not even run: the reason before it is the more useful one
    if (error.code !== "browser_unavailable" || !failure) failure = error;
    if (options.signal?.aborted || later.length === 0) break;
    const blocked =
      error.code === "bot_wall" ||
      error.code === "browser_unavailable" ||
      error.code === "proxy_error" ||
      (error.code === "no_price" && path === "direct") ||
      (paidLater && (error.httpStatus === 403 || error.httpStatus === 429));
    if (!blocked) break;
  }
  throw failure!;
}
