// Scraping API adapters, each through its documented HTTP interface. Every adapter builds the request and
// reads the answer: the page, its status at the shop, and the credits the provider charged for it
// (ScrapingBee: `Spb-cost`; ScraperAPI: `sa-credit-cost`, else its flat 1; Zyte API and Bright Data Web
// Unlocker bill per successful request and report no cost per response: 1 each). Failures say why in French;
// a request the provider does not bill costs 0.
import type { FETCH_PROVIDERS } from "@/db/schema";
import { ScrapeError } from "@/lib/scraping";
import { PROVIDER_NAMES } from "./schemas";

export type TProvider = (typeof FETCH_PROVIDERS)[number];

export type TProviderConfig = { provider: TProvider; key: string; zone: string | null; endpoint: string | null };

export type TProviderRequest = { url: string; method: "GET" | "POST"; headers: Record<string, string>; body?: string };

export type TProviderAnswer = { status: number; headers: Record<string, string>; body: Buffer };

export type TProviderPage = {
  status: number;
  html: string;
  headers: Record<string, string>;
  finalUrl: string;
  credits: number;
};

export const DEFAULT_ENDPOINTS: Record<TProvider, string> = {
  zyte: "https://api.zyte.com/v1/extract",
  scrapingbee: "https://app.scrapingbee.com/api/v1/",
  scraperapi: "https://api.scraperapi.com/",
  brightdata: "https://api.brightdata.com/request",
};

/** A failure of the provider, not of the shop; `billed` when the provider still charged for it. */
export class ProviderError extends ScrapeError {
  constructor(
    message: string,
    retryable: boolean,
    readonly billed = 0,
  ) {
    super("provider_error", message, retryable);
  }
}

function failure(config: TProviderConfig, status: number, detail?: string): ProviderError {
  const name = PROVIDER_NAMES[config.provider];
  if (status === 401 || status === 403)
    return new ProviderError(`${name} : clé refusée ou crédits épuisés (HTTP ${status})`, false);
  if (status === 402) return new ProviderError(`${name} : crédits épuisés (HTTP 402)`, false);
  if (status === 429) return new ProviderError(`${name} : trop de requêtes simultanées (HTTP 429)`, true);
  if (status === 400 || status === 422)
    return new ProviderError(`${name} : requête refusée (HTTP ${status})${detail ? ` : ${detail}` : ""}`, false);
  return new ProviderError(`${name} n'a pas pu obtenir la page (HTTP ${status})`, true);
}

const headerNumber = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n >= 0 ? n : fallback;
};

const text = (body: Buffer) => body.toString("utf8");

/** The HTTP request that asks the provider for `target`. */
export function providerRequest(config: TProviderConfig, target: string): TProviderRequest {
  const endpoint = config.endpoint ?? DEFAULT_ENDPOINTS[config.provider];
  switch (config.provider) {
    case "zyte":
      return {
        url: endpoint,
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${config.key}:`).toString("base64")}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ url: target, httpResponseBody: true, httpResponseHeaders: true }),
      };
    case "scrapingbee":
    case "scraperapi": {
      const url = new URL(endpoint);
      url.searchParams.set("api_key", config.key);
      url.searchParams.set("url", target);
      if (config.provider === "scrapingbee") url.searchParams.set("render_js", "false");
      return { url: url.href, method: "GET", headers: {} };
    }
    case "brightdata":
      return {
        url: endpoint,
        method: "POST",
        headers: { authorization: `Bearer ${config.key}`, "content-type": "application/json" },
        body: JSON.stringify({ zone: config.zone ?? "", url: target, format: "raw" }),
      };
  }
}

type TZyteAnswer = {
  url?: string;
  statusCode?: number;
  httpResponseBody?: string;
  httpResponseHeaders?: { name: string; value: string }[];
  title?: string;
  detail?: string;
};

/** The page the provider returned, or a ProviderError. */
export function readProviderAnswer(config: TProviderConfig, target: string, answer: TProviderAnswer): TProviderPage {
  const h = answer.headers;
  switch (config.provider) {
    case "zyte": {
      let data: TZyteAnswer;
      try {
        data = JSON.parse(text(answer.body)) as TZyteAnswer;
      } catch {
        throw failure(config, answer.status === 200 ? 502 : answer.status);
      }
      // Problem details (RFC 7807): /limits/over-user-limit (429), /download/temporary-error (520)…
      if (answer.status !== 200) throw failure(config, answer.status, data.title);
      const headers: Record<string, string> = {};
      for (const { name, value } of data.httpResponseHeaders ?? []) headers[name.toLowerCase()] = value;
      return {
        status: data.statusCode ?? 200,
        html: Buffer.from(data.httpResponseBody ?? "", "base64").toString("utf8"),
        headers,
        finalUrl: data.url ?? target,
        credits: 1,
      };
    }
    case "scrapingbee": {
      // 200 and 404 are billed (Spb-cost); 401 no credit or bad key, 429 concurrency, 500 failed (not billed)
      if (answer.status !== 200 && answer.status !== 404) throw failure(config, answer.status);
      return {
        status: headerNumber(h["spb-initial-status-code"], answer.status),
        html: text(answer.body),
        headers: { "content-type": h["content-type"] ?? "text/html" },
        finalUrl: h["spb-resolved-url"] ?? target,
        credits: headerNumber(h["spb-cost"], 1),
      };
    }
    case "scraperapi": {
      // billed only for 200 and 404; 403 credits used up (or max_cost), 429 concurrency, 500 failed after retries
      if (answer.status !== 200 && answer.status !== 404) throw failure(config, answer.status);
      return {
        status: answer.status,
        html: text(answer.body),
        headers: { "content-type": h["content-type"] ?? "text/html" },
        finalUrl: target,
        credits: headerNumber(h["sa-credit-cost"], 1),
      };
    }
    case "brightdata": {
      // rejected before unlocking: 401 key, 400 zone or url; afterwards 200 with the shop's status in
      // x-brd-status-code, or x-brd-error (+ x-brd-error-code) when unlocking failed (not billed)
      if (answer.status === 401 || answer.status === 400) throw failure(config, answer.status);
      if (h["x-brd-error"]) {
        const code = h["x-brd-error-code"] ?? h["x-brd-err-code"];
        throw new ProviderError(
          `${PROVIDER_NAMES.brightdata} n'a pas pu débloquer la page${code ? ` (${code})` : ""}`,
          true,
        );
      }
      return {
        status: headerNumber(h["x-brd-status-code"], answer.status),
        html: text(answer.body),
        headers: { "content-type": h["content-type"] ?? "text/html" },
        finalUrl: target,
        credits: 1,
      };
    }
  }
}
