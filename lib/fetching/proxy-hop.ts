// The customer's HTTP(S) proxies: the proxy's own address passes the guard (any port: proxies live on 3128,
// 8000, 22225…), and the target is asked by its pinned, guard-checked address (request line or CONNECT), so
// neither the proxy nor DNS can point a fetch at an address the guard refused.
import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { Duplex } from "node:stream";
import tls from "node:tls";
import { pinnedLookup, type TResolvedAddress, type TSendHop } from "@/lib/scraping";
import { ScrapeError } from "@/lib/scraping";
import { classifyAddress, parseIpLiteral } from "@/lib/scraping";

export type TProxyEndpoint = { url: URL; pinned: TResolvedAddress; authorization: string | null };

const PRIVATE = new Set(["loopback", "private", "cgnat"]);

const proxyError = (message: string, retryable = true) => new ScrapeError("proxy_error", message, retryable);

/** A proxy URL as an owner may save it: http or https, a host, optional user:password, nothing else. */
export function parseProxyUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw proxyError("Adresse de proxy invalide", false);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw proxyError("Un proxy doit commencer par http:// ou https://", false);
  if (!url.hostname || (url.pathname !== "/" && url.pathname !== "") || url.search || url.hash)
    throw proxyError("Adresse de proxy invalide : hôte et port seulement", false);
  return url;
}

/** Resolves the proxy once and refuses it unless every address is public (private ones with allowPrivate). */
export async function resolveProxy(text: string, allowPrivate: boolean): Promise<TProxyEndpoint> {
  const url = parseProxyUrl(text);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = parseIpLiteral(host);
  let addresses: TResolvedAddress[];
  try {
    addresses = literal
      ? [literal]
      : (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
          address: a.address,
          family: a.family as 4 | 6,
        }));
  } catch {
    throw proxyError(`Proxy introuvable : ${host}`);
  }
  for (const a of addresses) {
    const cls = classifyAddress(a.address);
    if (cls !== "public" && !(allowPrivate && PRIVATE.has(cls)))
      throw proxyError("Adresse de proxy refusée : elle n'est pas publique", false);
  }
  const user = decodeURIComponent(url.username);
  const authorization = user
    ? `Basic ${Buffer.from(`${user}:${decodeURIComponent(url.password)}`).toString("base64")}`
    : null;
  return { url, pinned: addresses.find((a) => a.family === 4) ?? addresses[0]!, authorization };
}

function proxyOptions(proxy: TProxyEndpoint): https.RequestOptions {
  const isHttps = proxy.url.protocol === "https:";
  const host = proxy.url.hostname.replace(/^\[(.*)\]$/, "$1");
  return {
    host,
    port: proxy.url.port || (isHttps ? 443 : 80),
    lookup: pinnedLookup(proxy.pinned),
    agent: false,
    ...(isHttps && !parseIpLiteral(host) ? { servername: host } : {}),
  };
}

const transport = (proxy: TProxyEndpoint) => (proxy.url.protocol === "https:" ? https : http);

function refused(status: number): ScrapeError {
  if (status === 407) return proxyError("Identifiants du proxy refusés (HTTP 407)", false);
  return proxyError(`Le proxy a refusé la connexion (HTTP ${status})`);
}

const asProxyError = (error: unknown) =>
  error instanceof ScrapeError ? error : proxyError("Proxy injoignable ou connexion interrompue");

/** One hop through the proxy: an absolute-form GET for http targets, a CONNECT tunnel then TLS for https. */
export function proxyHop(proxy: TProxyEndpoint): TSendHop {
  return (url, pinned, headers, signal) => {
    const port = Number(url.port || (url.protocol === "https:" ? 443 : 80));
    const authority = `${pinned.family === 6 ? `[${pinned.address}]` : pinned.address}:${port}`;
    const auth: Record<string, string> = proxy.authorization ? { "proxy-authorization": proxy.authorization } : {};
    if (url.protocol === "http:") {
      return new Promise<IncomingMessage>((resolve, reject) => {
        const req = transport(proxy).request(
          {
            ...proxyOptions(proxy),
            method: "GET",
            path: `http://${authority}${url.pathname}${url.search}`,
            headers: { ...headers, ...auth },
            signal,
          },
          (res) => {
            if (res.statusCode === 407) {
              res.resume();
              reject(refused(407));
            } else resolve(res);
          },
        );
        req.on("error", (e) => reject(signal.aborted ? e : asProxyError(e)));
        req.end();
      });
    }
    return new Promise<IncomingMessage>((resolve, reject) => {
      const connect = transport(proxy).request({
        ...proxyOptions(proxy),
        method: "CONNECT",
        path: authority,
        headers: { host: authority, ...auth },
        signal,
      });
      connect.on("connect", (res: IncomingMessage, socket: Duplex) => {
        if (res.statusCode !== 200) {
          socket.destroy();
          reject(refused(res.statusCode ?? 502));
          return;
        }
        const servername = url.hostname.replace(/^\[(.*)\]$/, "$1");
        const agent = new https.Agent({ keepAlive: false });
        const secure = tls.connect({ socket, ...(parseIpLiteral(servername) ? {} : { servername }) });
        (agent as unknown as { createConnection: () => Duplex }).createConnection = () => secure;
        const req = https.request(
          { host: servername, port, method: "GET", path: `${url.pathname}${url.search}`, headers, agent, signal },
          resolve,
        );
        req.on("error", reject);
        req.end();
      });
      connect.on("error", (e) => reject(signal.aborted ? e : asProxyError(e)));
      connect.end();
    });
  };
}
