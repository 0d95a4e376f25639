// POST to a URL a user entered, behind the SSRF guard of the scraper: the host is resolved once, every
// address checked, and the connection made to that very address (no DNS rebinding). No redirect is followed.
import http from "node:http";
import https from "node:https";
import { env } from "@/lib/env";
import { pinnedLookup, resolveGuarded, type TResolver } from "@/lib/scraping";
import { ScrapeError } from "@/lib/scraping";

export type TPostOptions = {
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Bytes of the answer kept for the log; the rest is not read. */
  maxResponseBytes?: number;
  allowPrivate?: boolean;
  resolve?: TResolver;
};

export type TPostResult = { status: number; body: string; durationMs: number };

export const CHANNEL_TIMEOUT_MS = 10_000;

/** Sends the body; resolves with any HTTP status (the caller decides), throws a ScrapeError with a French reason. */
export async function postToChannel(input: string, body: string, options: TPostOptions = {}): Promise<TPostResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? CHANNEL_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? 16_384;
  const guard = { allowPrivate: options.allowPrivate ?? env.SCRAPER_ALLOW_PRIVATE_HOSTS };
  assertSchemeAllowed(input);
  const { checked, pinned } = await resolveGuarded(input, guard, options.resolve);
  const url = checked.url;
  const isHttps = url.protocol === "https:";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return new Promise<TPostResult>((resolve, reject) => {
    const req = (isHttps ? https : http).request(
      {
        method: "POST",
        host,
        port: url.port || (isHttps ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "VeillePrix-Webhooks/1.0",
          ...options.headers,
          host: url.host,
        },
        lookup: pinnedLookup(pinned),
        agent: false,
        timeout: timeoutMs,
        ...(isHttps && !/^[\d.]+$|:/.test(host) ? { servername: host } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          res.destroy();
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            durationMs: Math.round(performance.now() - started),
          });
        };
        res.on("data", (chunk: Buffer) => {
          if (size >= maxBytes) return;
          chunks.push(chunk.subarray(0, maxBytes - size));
          size += chunk.length;
          if (size >= maxBytes) done();
        });
        res.on("end", done);
        res.on("error", done);
      },
    );
    const timer = setTimeout(() => req.destroy(new ScrapeError("timeout", timeoutText(timeoutMs), true)), timeoutMs);
    req.on("timeout", () => req.destroy(new ScrapeError("timeout", timeoutText(timeoutMs), true)));
    req.on("error", (error) => reject(networkError(error)));
    req.on("close", () => clearTimeout(timer));
    req.end(body);
  });
}

/** https only in production; plain http is accepted elsewhere (local receivers, tests). */
export function assertSchemeAllowed(input: string): void {
  if (env.isProduction && !/^https:\/\//i.test(input.trim())) {
    throw new ScrapeError("invalid_url", "L'adresse du canal doit commencer par https://", false);
  }
}

const timeoutText = (ms: number) => `Délai dépassé : le canal n'a pas répondu en ${Math.round(ms / 1000)} s`;

function networkError(error: unknown): ScrapeError {
  if (error instanceof ScrapeError) return error;
  const code = (error as NodeJS.ErrnoException)?.code ?? "";
  if (code === "ECONNREFUSED") return new ScrapeError("unreachable", "Connexion refusée par le canal", true);
  if (code.startsWith("ERR_TLS") || code.includes("CERT")) {
    return new ScrapeError("unreachable", "Certificat TLS du canal invalide", true);
  }
  return new ScrapeError("unreachable", "Canal injoignable", true);
}
