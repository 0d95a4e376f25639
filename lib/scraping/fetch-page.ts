// Static page fetch behind the SSRF guard: every hop is resolved once, checked, then connected to
// that very address (custom `lookup`), so DNS cannot rebind between the check and the connection.
import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { env } from "@/lib/env";
import { decodeHtml } from "./decode-html";
import { ScrapeError } from "./scrape-error";
import { assertAddressAllowed, checkUrl, type TGuardOptions } from "./ssrf-guard";

export type TResolvedAddress = { address: string; family: 4 | 6 };
export type TResolver = (host: string) => Promise<TResolvedAddress[]>;

export type TFetchPageOptions = {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  allowPrivate?: boolean;
  signal?: AbortSignal;
  /** DNS resolution; replaceable so tests can make a name resolve to any address. */
  resolve?: TResolver;
  /** Sends one hop (a GET of a checked URL to its pinned address); a proxy replaces the direct connection. */
  send?: TSendHop;
  /** Any content type is read (a catalogue feed: CSV, XML, XLSX), not only pages. */
  anyContentType?: boolean;
};

export type TSendHop = (
  url: URL,
  pinned: TResolvedAddress,
  headers: Record<string, string>,
  signal: AbortSignal,
) => Promise<IncomingMessage>;

export type TFetchedPage = {
  url: string;
  status: number;
  contentType: string;
  headers: Record<string, string>;
  html: string;
  charset: string;
  bytes: number;
  redirects: string[];
  /** The body as received (decompressed). */
  body: Buffer;
};

export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36";

export const REQUEST_HEADERS: Record<string, string> = {
  "user-agent": BROWSER_USER_AGENT,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
  "accept-language": "fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7",
  "accept-encoding": "gzip, deflate, br",
  "cache-control": "no-cache",
  pragma: "no-cache",
  "upgrade-insecure-requests": "1",
  "sec-ch-ua": '"Chromium";v="147", "Not.A/Brand";v="24", "Google Chrome";v="147"',
  "sec-ch-ua-mobile": "?0",
  "sec-ch-ua-platform": '"Linux"',
  "sec-fetch-dest": "document",
  "sec-fetch-mode": "navigate",
  "sec-fetch-site": "none",
  "sec-fetch-user": "?1",
};

// Keep-alive pools: a reused socket is connected to an address that passed the guard when it was opened;
// every new socket is opened through the pinned lookup of the request that creates it.
const AGENT_OPTIONS = {
  keepAlive: true,
  keepAliveMsecs: 10_000,
  maxSockets: 8,
  maxFreeSockets: 4,
  timeout: 30_000,
  scheduling: "lifo" as const,
};
const httpAgent = new http.Agent(AGENT_OPTIONS);
const httpsAgent = new https.Agent(AGENT_OPTIONS);

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain|application\/xml|text\/xml)\b/i;

const defaultResolve: TResolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family as 4 | 6,
  }));

/** Resolves the host once and refuses it if any of its addresses is forbidden; returns the address to pin. */
export async function resolveGuarded(input: string | URL, guard: TGuardOptions, resolve: TResolver = defaultResolve) {
  const checked = checkUrl(input, guard);
  if (checked.literal) {
    return { checked, pinned: { address: checked.literal, family: (checked.literal.includes(":") ? 6 : 4) as 4 | 6 } };
  }
  let addresses: TResolvedAddress[];
  try {
    addresses = await resolve(checked.host);
  } catch {
    throw new ScrapeError("dns_failed", `Nom de domaine introuvable : ${checked.host}`, true);
  }
  if (addresses.length === 0) throw new ScrapeError("dns_failed", `Nom de domaine introuvable : ${checked.host}`, true);
  for (const a of addresses) assertAddressAllowed(a.address, checked.port, guard);
  const pinned = addresses.find((a) => a.family === 4) ?? addresses[0]!;
  return { checked, pinned };
}

export function pinnedLookup(pinned: TResolvedAddress): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  }) as unknown as LookupFunction;
}

// What a GET gets on a pooled socket that the shop closed as it sat idle (its keep-alive timeout ran out as the
// pool handed it over): the request never reached the shop.
const STALE_SOCKET = new Set(["ECONNRESET", "EPIPE"]);

const request: TSendHop = (url, pinned, headers, signal) => sendGet(url, pinned, headers, signal, true);

function sendGet(
  url: URL,
  pinned: TResolvedAddress,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
  pooled: boolean,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const isHttps = url.protocol === "https:";
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    const options: https.RequestOptions = {
      method: "GET",
      host,
      port: url.port || (isHttps ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers,
      lookup: pinnedLookup(pinned),
      // once more after a stale socket: a connection of its own
      agent: pooled ? (isHttps ? httpsAgent : httpAgent) : false,
      signal,
    };
    if (isHttps && !/^[\d.]+$|:/.test(host)) options.servername = host;
    const req = (isHttps ? https : http).request(options, resolve);
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (pooled && req.reusedSocket && STALE_SOCKET.has(error.code ?? "") && !signal?.aborted) {
        sendGet(url, pinned, headers, signal, false).then(resolve, reject);
      } else reject(error);
    });
    req.end();
  });
}

export function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const encoding = String(res.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const declared = Number(res.headers["content-length"]);
  if (!encoding && Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    return Promise.reject(tooLarge(maxBytes));
  }
  let stream: Readable = res;
  if (encoding === "gzip" || encoding === "x-gzip") stream = res.pipe(zlib.createGunzip());
  else if (encoding === "deflate") stream = res.pipe(zlib.createInflate());
  else if (encoding === "br") stream = res.pipe(zlib.createBrotliDecompress());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // the first reason stands: destroying the response makes it report "aborted" next
    const fail = (error: unknown) => {
      reject(error);
      res.destroy();
      if (stream !== res) stream.destroy();
    };
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) fail(tooLarge(maxBytes));
      else chunks.push(chunk);
    });
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", (e) => fail(e));
    res.on("error", (e) => fail(e));
    res.on("aborted", () => fail(new Error("aborted")));
  });
}

const tooLarge = (maxBytes: number) =>
  new ScrapeError("too_large", `Page trop volumineuse (plus de ${Math.round(maxBytes / 1_000_000)} Mo)`, false);

export function networkError(error: unknown, timedOut: boolean, cancelled: boolean): ScrapeError {
  if (error instanceof ScrapeError) return error;
  if (cancelled) return new ScrapeError("cancelled", "Scraping annulé", false);
  if (timedOut) return new ScrapeError("timeout", "Délai dépassé : la page n'a pas répondu à temps", true);
  const code = (error as NodeJS.ErrnoException)?.code ?? "";
  if (code === "ECONNREFUSED") return new ScrapeError("unreachable", "Connexion refusée par le site marchand", true);
  if (code.startsWith("ERR_TLS") || code.includes("CERT")) {
    return new ScrapeError("unreachable", "Certificat TLS du site marchand invalide", true);
  }
  if (code === "Z_DATA_ERROR" || code === "ERR__ERROR_FORMAT_PADDING_1") {
    return new ScrapeError("invalid_page", "Réponse compressée illisible", true);
  }
  return new ScrapeError("unreachable", "Site marchand injoignable", true);
}

/**
 * GET a page like a browser would, following at most `maxRedirects` redirects, each re-checked by the guard.
 * Resolves for any final HTTP status (callers inspect bot walls on 403/503); throws ScrapeError otherwise.
 */
export async function fetchPage(input: string, options: TFetchPageOptions = {}): Promise<TFetchedPage> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 5_000_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const guard = { allowPrivate: options.allowPrivate ?? env.SCRAPER_ALLOW_PRIVATE_HOSTS };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCancel = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener("abort", onCancel, { once: true });
  const redirects: string[] = [];
  let current = input;
  try {
    for (;;) {
      const { checked, pinned } = await resolveGuarded(current, guard, options.resolve);
      if (controller.signal.aborted) throw new Error("aborted");
      const send = options.send ?? request;
      const res = await send(checked.url, pinned, { ...REQUEST_HEADERS, host: checked.url.host }, controller.signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location) {
        res.resume();
        res.destroy();
        if (redirects.length >= maxRedirects) {
          throw new ScrapeError("too_many_redirects", `Trop de redirections (plus de ${maxRedirects})`, false);
        }
        current = new URL(location, checked.url).href;
        redirects.push(current);
        continue;
      }
      const contentType = String(res.headers["content-type"] ?? "");
      if (contentType && !options.anyContentType && !HTML_TYPES.test(contentType)) {
        res.destroy();
        throw new ScrapeError(
          "invalid_page",
          `Le contenu reçu n'est pas une page web (${contentType.split(";")[0]})`,
          false,
          status,
        );
      }
      const body = await readBody(res, maxBytes);
      const { html, charset } = decodeHtml(body, contentType);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers))
        if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
      return {
        url: checked.url.href,
        status,
        contentType,
        headers,
        html,
        charset,
        bytes: body.length,
        redirects,
        body,
      };
    }
  } catch (error) {
    throw networkError(error, timedOut, Boolean(options.signal?.aborted));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCancel);
  }
}
