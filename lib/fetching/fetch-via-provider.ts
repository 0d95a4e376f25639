// A page fetched by a scraping API on our behalf. The target still passes the SSRF guard (it must be a
// public address: the provider must not be our way into a private network), the provider's endpoint is
// https only and guarded too, and no request starts unless the month's cap leaves room for it.
import http from "node:http";
import https from "node:https";
import type { DbLike } from "@/db";
import { pinnedLookup, readBody, resolveGuarded } from "@/lib/scraping";
import { ScrapeError } from "@/lib/scraping";
import { expectedCredits, reserveCredits, settleCredits } from "./provider-budget";
import { PROVIDER_NAMES } from "./schemas";
import {
  DEFAULT_ENDPOINTS,
  ProviderError,
  providerRequest,
  readProviderAnswer,
  type TProviderAnswer,
  type TProviderConfig,
  type TProviderPage,
} from "./providers";

export const CAP_REACHED = "Plafond mensuel du fournisseur atteint";

/** Refuses an endpoint that is not https (plain http only where private hosts are allowed: local tests). */
export function checkProviderEndpoint(endpoint: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ProviderError("Adresse du fournisseur invalide", false);
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:"))
    throw new ProviderError("L'adresse du fournisseur doit commencer par https://", false);
  if (url.username || url.password) throw new ProviderError("Adresse du fournisseur invalide", false);
  return url;
}

async function send(
  request: ReturnType<typeof providerRequest>,
  allowPrivate: boolean,
  signal: AbortSignal,
): Promise<TProviderAnswer> {
  const { checked, pinned } = await resolveGuarded(request.url, { allowPrivate });
  const isHttps = checked.url.protocol === "https:";
  return new Promise((resolve, reject) => {
    const req = (isHttps ? https : http).request(
      checked.url,
      {
        method: request.method,
        headers: { ...request.headers, "accept-encoding": "gzip, deflate, br" },
        lookup: pinnedLookup(pinned),
        agent: false,
        signal,
      },
      (res) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
        readBody(res, 10_000_000).then((body) => resolve({ status: res.statusCode ?? 0, headers, body }), reject);
      },
    );
    req.on("error", reject);
    req.end(request.body);
  });
}

export type TProviderFetch = {
  db: DbLike;
  workspaceId: string;
  host: string;
  cap: number;
  config: TProviderConfig;
  allowPrivate: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/** Fetches `target` through the provider; counts the credits it reports; throws when the cap is reached. */
export async function fetchViaProvider(target: string, o: TProviderFetch): Promise<TProviderPage> {
  await resolveGuarded(target, { allowPrivate: o.allowPrivate });
  checkProviderEndpoint(o.config.endpoint ?? DEFAULT_ENDPOINTS[o.config.provider], o.allowPrivate);
  const expected = await expectedCredits(o.db, o.workspaceId, o.host);
  if (!(await reserveCredits(o.db, o.workspaceId, o.cap, expected))) {
    throw new ScrapeError("provider_cap", CAP_REACHED, false);
  }
  let charged = 0;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), o.timeoutMs ?? 75_000);
  const onCancel = () => controller.abort();
  o.signal?.addEventListener("abort", onCancel, { once: true });
  try {
    const answer = await send(providerRequest(o.config, target), o.allowPrivate, controller.signal);
    const page = readProviderAnswer(o.config, target, answer);
    charged = page.credits;
    return page;
  } catch (error) {
    if (error instanceof ProviderError) charged = error.billed;
    if (error instanceof ScrapeError) throw error;
    if (o.signal?.aborted) throw new ScrapeError("cancelled", "Scraping annulé", false);
    const name = PROVIDER_NAMES[o.config.provider];
    if (controller.signal.aborted) throw new ProviderError(`${name} n'a pas répondu à temps`, true);
    throw new ProviderError(`${name} injoignable`, true);
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener("abort", onCancel);
    await settleCredits(o.db, o.workspaceId, o.host, expected, charged);
  }
}
