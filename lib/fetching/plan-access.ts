// Which ways to a page a scrape tries, in order, for a workspace and a shop (host): the shop's strategy, or
// for 'Automatique' direct → browser → proxies → provider, starting from the path that worked for this shop
// in the last 24 hours (after that, the cheapest path is tried again).
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { type FETCH_PATHS, fetchSettings, shopAccess } from "@/db/schema";
import { hostOf } from "@/lib/core/url-host";
import { fetchPage } from "@/lib/scraping";
import { ScrapeError } from "@/lib/scraping";
import { openSecret } from "@/lib/secrets";
import { fetchViaProvider } from "./fetch-via-provider";
import { proxyHop, resolveProxy } from "./proxy-hop";

export type TFetchPath = (typeof FETCH_PATHS)[number];

export type TPaidPage = { html: string; url: string; status: number; headers: Record<string, string> };

export type TAccess = {
  paths: TFetchPath[];
  /** Loads the page through the proxies or the provider (direct and browser are scrapeUrl's own). */
  fetch: (path: "proxy" | "provider", url: string, signal?: AbortSignal) => Promise<TPaidPage>;
};

export const REMEMBER_MS = 24 * 60 * 60 * 1000;

const rotation = new Map<string, number>();

/** The shop a URL belongs to: its host, lower case, without "www.". */
export function shopHost(url: string): string {
  return hostOf(url).replace(/^www\./, "");
}

export async function planAccess(
  db: DbLike,
  workspaceId: string,
  url: string,
  options: { allowPrivate: boolean; now?: Date },
): Promise<TAccess> {
  const host = shopHost(url);
  const [settings] = await db.select().from(fetchSettings).where(eq(fetchSettings.workspaceId, workspaceId));
  const [shop] = await db
    .select()
    .from(shopAccess)
    .where(and(eq(shopAccess.workspaceId, workspaceId), eq(shopAccess.host, host)));
  const proxies: string[] = settings?.proxiesEnc ? (JSON.parse(openSecret(settings.proxiesEnc)) as string[]) : [];
  const provider = settings?.provider && settings.providerKeyEnc ? settings : null;
  const strategy = shop?.strategy ?? "auto";
  let paths: TFetchPath[];
  if (strategy === "auto") {
    const all: TFetchPath[] = ["direct", "browser"];
    if (proxies.length > 0) all.push("proxy");
    if (provider) all.push("provider");
    const now = (options.now ?? new Date()).getTime();
    const fresh = shop?.lastPath && shop.lastPathAt && now - shop.lastPathAt.getTime() < REMEMBER_MS;
    const from = fresh ? all.indexOf(shop.lastPath!) : 0;
    paths = all.slice(Math.max(0, from));
  } else {
    paths = [strategy === "direct" ? "direct" : strategy];
  }
  return {
    paths,
    fetch: async (path, target, signal) => {
      if (path === "proxy") {
        if (proxies.length === 0) throw new ScrapeError("proxy_error", "Aucun proxy configuré", false);
        let index: number;
        if (shop?.stickyProxy) index = createHash("sha256").update(host).digest().readUInt32BE(0) % proxies.length;
        else {
          index = (rotation.get(workspaceId) ?? 0) % proxies.length;
          rotation.set(workspaceId, index + 1);
        }
        const proxy = await resolveProxy(proxies[index]!, options.allowPrivate);
        const page = await fetchPage(target, { allowPrivate: options.allowPrivate, send: proxyHop(proxy), signal });
        return { html: page.html, url: page.url, status: page.status, headers: page.headers };
      }
      if (!provider) throw new ScrapeError("provider_error", "Aucun fournisseur de scraping configuré", false);
      const page = await fetchViaProvider(target, {
        db,
        workspaceId,
        host,
        cap: Number(provider.monthlyCap),
        config: {
          provider: provider.provider!,
          key: openSecret(provider.providerKeyEnc!),
          zone: provider.providerZone,
          endpoint: provider.providerEndpoint,
        },
        allowPrivate: options.allowPrivate,
        signal,
      });
      return { html: page.html, url: page.finalUrl, status: page.status, headers: page.headers };
    },
  };
}

/** Counts an attempt for the shop; a success also records the path that worked (what 'auto' starts from). */
export async function rememberPath(db: DbLike, workspaceId: string, url: string, path: TFetchPath | null) {
  const host = shopHost(url);
  const ok = path ? 1 : 0;
  await db
    .insert(shopAccess)
    .values({ workspaceId, host, attempts: 1, successes: ok, lastPath: path, lastPathAt: path ? new Date() : null })
    .onConflictDoUpdate({
      target: [shopAccess.workspaceId, shopAccess.host],
      set: {
        attempts: sql`${shopAccess.attempts} + 1`,
        successes: sql`${shopAccess.successes} + ${ok}`,
        ...(path ? { lastPath: path, lastPathAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      },
    });
}
