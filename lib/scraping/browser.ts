// Headless Chromium for pages that need JavaScript (DESIGN.md §3, §7): one browser per process, reused,
// a fresh incognito context per page. Every request of the page goes through a guarded proxy of its own
// (guarded-proxy.ts), which resolves, checks and pins the address: Chromium never resolves a host itself.
import fs from "node:fs";
import type { Browser, HTTPRequest } from "puppeteer-core";
import { env } from "@/lib/env";
import { BROWSER_USER_AGENT, resolveGuarded, type TResolver } from "./fetch-page";
import { GUARD_HEADER, startGuardedProxy, type TProxyFailure } from "./guarded-proxy";
import { ScrapeError } from "./scrape-error";
import { checkUrl } from "./ssrf-guard";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
];

const BLOCKED_TYPES = new Set(["image", "font", "media"]);

export type TRenderOptions = {
  timeoutMs?: number;
  allowPrivate?: boolean;
  selector?: string | null;
  signal?: AbortSignal;
  /** DNS resolution used by the page's proxy; replaceable so tests can make a name resolve anywhere. */
  resolve?: TResolver;
  /**
   * Whether the rendered DOM already shows what we came for (a price): after network idle the DOM is
   * polled with it for up to `readyWaitMs`, so a price drawn by a timer, a late fetch or hydration is read.
   */
  ready?: (html: string, url: string) => boolean | Promise<boolean>;
  readyWaitMs?: number;
  /**
   * Also takes a PNG of the page (1280 px wide, at most `maxHeight` px from the top) after the HTML is read,
   * with images and fonts loaded (through the same guard), under a banner stating `stamp`.
   */
  screenshot?: { maxHeight: number; stamp: string };
};

const READY_POLL_MS = 200;

export type TRenderedPage = {
  url: string;
  status: number;
  html: string;
  headers: Record<string, string>;
  png?: Uint8Array;
};

const SCREENSHOT_WIDTH = 1280;

/** Puts a banner above the page (after its HTML was read) stating what was captured and when. */
function addStampBanner(stamp: string) {
  const banner = document.createElement("div");
  banner.textContent = stamp;
  banner.setAttribute(
    "style",
    "all:initial;display:block;box-sizing:border-box;width:100%;padding:8px 12px;background:#111827;color:#fff;font:13px/1.4 sans-serif;white-space:pre-wrap;word-break:break-all",
  );
  document.body.prepend(banner);
}

const store = globalThis as unknown as { __veilleprixBrowser?: Promise<Browser> | null };

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the binary shipped in @sparticuz/chromium. */
export async function chromiumExecutable(): Promise<string> {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  if (fs.existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  const sparticuz = (await import("@sparticuz/chromium")).default;
  return sparticuz.executablePath();
}

async function launch(): Promise<Browser> {
  const puppeteer = (await import("puppeteer-core")).default;
  const browser = await puppeteer.launch({
    executablePath: await chromiumExecutable(),
    headless: true,
    args: CHROMIUM_ARGS,
    protocolTimeout: 60_000,
    // DevTools over a pipe: Chromium exits when the pipe closes, so it never outlives this process (even SIGKILLed)
    pipe: true,
  });
  // a crashed or closed browser is replaced on next use
  browser.once("disconnected", () => {
    if (store.__veilleprixBrowser) store.__veilleprixBrowser = null;
  });
  return browser;
}

async function getBrowser(): Promise<Browser> {
  if (!store.__veilleprixBrowser) {
    store.__veilleprixBrowser = launch().catch((error: unknown) => {
      store.__veilleprixBrowser = null;
      console.error("[scraping] lancement de Chromium impossible", error);
      throw new ScrapeError("browser_unavailable", "Navigateur headless indisponible", true);
    });
  }
  const browser = await store.__veilleprixBrowser;
  if (!browser.connected) {
    store.__veilleprixBrowser = null;
    return getBrowser();
  }
  return browser;
}

/** Closes the shared browser (server shutdown, end of tests and benchmarks). */
export async function closeBrowser(): Promise<void> {
  const pending = store.__veilleprixBrowser;
  store.__veilleprixBrowser = null;
  if (pending) await (await pending.catch(() => null))?.close().catch(() => {});
}

// Early refusal of what needs no DNS (scheme, port, IP literals); the proxy checks the resolved address.
async function guardRequest(req: HTTPRequest, allowPrivate: boolean, failures: TProxyFailure[], media: boolean) {
  if (req.isInterceptResolutionHandled()) return;
  const url = req.url();
  if (!media && BLOCKED_TYPES.has(req.resourceType())) return req.abort("blockedbyclient");
  if (url.startsWith("data:") || url.startsWith("blob:")) return req.continue();
  try {
    checkUrl(url, { allowPrivate });
    return req.continue();
  } catch (error) {
    const e = error instanceof ScrapeError ? error : new ScrapeError("blocked_address", "Adresse refusée", false);
    failures.push({ code: e.code, message: e.message, retryable: e.retryable });
    return req.abort("blockedbyclient");
  }
}

function guardFailure(failures: TProxyFailure[], code: string | null): ScrapeError | null {
  const failure =
    (code ? failures.find((f) => f.code === code) : null) ??
    failures.find((f) => f.code.startsWith("blocked")) ??
    failures[0];
  return failure ? new ScrapeError(failure.code, failure.message, failure.retryable) : null;
}

/** Loads a page in Chromium and returns the DOM after scripts ran; bounded by `timeoutMs` overall. */
export async function renderPage(url: string, options: TRenderOptions = {}): Promise<TRenderedPage> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const allowPrivate = options.allowPrivate ?? env.SCRAPER_ALLOW_PRIVATE_HOSTS;
  await resolveGuarded(url, { allowPrivate }, options.resolve);
  const browser = await getBrowser();
  const proxy = await startGuardedProxy({ allowPrivate, resolve: options.resolve });
  const failures = proxy.failures;
  // "<-loopback>" removes Chromium's implicit bypass: loopback addresses go through the guard too.
  const context = await browser
    .createBrowserContext({ proxyServer: proxy.url, proxyBypassList: ["<-loopback>"] })
    .catch(async (error: unknown) => {
      await proxy.close();
      throw error;
    });
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(1, deadline - Date.now());
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => void context.close().catch(() => {});
  options.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const work = (async () => {
      const page = await context.newPage();
      await page.setUserAgent({ userAgent: BROWSER_USER_AGENT });
      await page.setExtraHTTPHeaders({ "accept-language": "fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7" });
      await page.setRequestInterception(true);
      const shot = options.screenshot;
      page.on("request", (req) => void guardRequest(req, allowPrivate, failures, !!shot).catch(() => {}));
      if (shot) await page.setViewport({ width: SCREENSHOT_WIDTH, height: 900 });
      const response = await page.goto(url, { waitUntil: "domcontentloaded", timeout: left() });
      if (!response) throw new ScrapeError("unreachable", "Le navigateur n'a reçu aucune réponse", true);
      // A refused redirect of the main document never yields a response (aborted, or a failed tunnel),
      // except a plain-HTTP hop the proxy answers itself, marked with this header.
      const refused = response.headers()[GUARD_HEADER];
      if (refused)
        throw guardFailure(failures, refused) ?? new ScrapeError("unreachable", "Site marchand injoignable", true);
      if (options.selector) {
        await page.waitForSelector(options.selector, { timeout: Math.min(left(), 5000) }).catch(() => {});
      }
      await page.waitForNetworkIdle({ idleTime: 250, timeout: Math.min(left(), 4000) }).catch(() => {});
      let html = await page.content();
      if (options.ready) {
        const until = Date.now() + Math.min(options.readyWaitMs ?? 4000, Math.max(0, left() - 500));
        while (!(await options.ready(html, response.url())) && Date.now() < until) {
          await new Promise((r) => setTimeout(r, READY_POLL_MS));
          html = await page.content();
        }
      }
      let png: Uint8Array | undefined;
      if (shot) {
        await page.evaluate(addStampBanner, shot.stamp);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        png = await page.screenshot({
          type: "png",
          clip: { x: 0, y: 0, width: SCREENSHOT_WIDTH, height: Math.max(1, Math.min(height, shot.maxHeight)) },
          captureBeyondViewport: true,
        });
      }
      return { url: response.url(), status: response.status(), headers: response.headers(), html, png };
    })();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ScrapeError("timeout", "Délai dépassé : la page n'a pas fini de se charger", true)),
        timeoutMs,
      );
    });
    return await Promise.race([work, timeout]);
  } catch (error) {
    if (options.signal?.aborted) throw new ScrapeError("cancelled", "Scraping annulé", false);
    if (error instanceof ScrapeError) throw error;
    const message = error instanceof Error ? error.message : "";
    if (
      failures.length > 0 &&
      /ERR_BLOCKED_BY_CLIENT|ERR_TUNNEL_CONNECTION_FAILED|ERR_EMPTY_RESPONSE|ERR_PROXY/.test(message)
    ) {
      throw guardFailure(failures, null)!;
    }
    if (/timeout/i.test(message))
      throw new ScrapeError("timeout", "Délai dépassé : la page n'a pas fini de se charger", true);
    if (/ERR_NAME_NOT_RESOLVED/.test(message)) throw new ScrapeError("dns_failed", "Nom de domaine introuvable", true);
    if (/Target closed|Session closed|Protocol error|disconnected/i.test(message)) {
      throw new ScrapeError("browser_unavailable", "Le navigateur headless s'est arrêté pendant le chargement", true);
    }
    throw new ScrapeError("unreachable", "Le navigateur n'a pas pu charger la page", true);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onAbort);
    await context.close().catch(() => {});
    await proxy.close();
  }
}
