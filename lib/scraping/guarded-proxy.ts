// A forward proxy on 127.0.0.1 that Chromium must use for every request of a rendered page
// (DESIGN.md §7). Chromium never resolves a merchant host itself: the proxy resolves it once through
// the SSRF guard and connects to that very address, so DNS cannot rebind between check and connection.
// HTTPS goes through CONNECT tunnels (TLS stays end to end between Chromium and the merchant).
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { resolveGuarded, type TResolver } from "./fetch-page";
import { ScrapeError, type TScrapeErrorCode } from "./scrape-error";

export const GUARD_HEADER = "x-veilleprix-guard";

export type TProxyFailure = { code: TScrapeErrorCode; message: string; retryable: boolean };

export type TGuardedProxy = {
  url: string;
  /** What the guard refused or could not reach, in order. */
  failures: TProxyFailure[];
  close(): Promise<void>;
};

const HOP_HEADERS = new Set([
  "proxy-connection",
  "proxy-authorization",
  "connection",
  "keep-alive",
  "te",
  "trailer",
  "upgrade",
]);

const UNREACHABLE: TProxyFailure = { code: "unreachable", message: "Site marchand injoignable", retryable: true };

function asFailure(error: unknown): TProxyFailure {
  if (error instanceof ScrapeError) return { code: error.code, message: error.message, retryable: error.retryable };
  return UNREACHABLE;
}

export async function startGuardedProxy(options: {
  allowPrivate: boolean;
  resolve?: TResolver;
}): Promise<TGuardedProxy> {
  const guard = { allowPrivate: options.allowPrivate };
  const failures: TProxyFailure[] = [];
  // One resolution per host and port for the whole page: every request of the page goes to one address.
  const resolved = new Map<string, ReturnType<typeof resolveGuarded>>();
  const guarded = (url: string | URL) => {
    if (!URL.canParse(url)) return resolveGuarded(url, guard, options.resolve); // rejects with invalid_url
    const u = new URL(url);
    const key = `${u.protocol}//${u.host}`;
    let pending = resolved.get(key);
    if (!pending) {
      pending = resolveGuarded(u, guard, options.resolve);
      resolved.set(key, pending);
    }
    return pending;
  };
  const sockets = new Set<Duplex>();
  const track = (s: Duplex) => {
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    let target: URL;
    try {
      target = new URL(req.url ?? "");
    } catch {
      res.writeHead(400).end();
      return;
    }
    let pinned: { address: string };
    try {
      ({ pinned } = await guarded(target));
    } catch (error) {
      const failure = asFailure(error);
      failures.push(failure);
      res
        .writeHead(502, { [GUARD_HEADER]: failure.code, "content-type": "text/plain; charset=utf-8" })
        .end(failure.message);
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_HEADERS.has(k)) headers[k] = v;
    headers.host = target.host;
    const upstream = http.request(
      {
        host: pinned.address,
        port: target.port || 80,
        method: req.method,
        path: `${target.pathname}${target.search}`,
        headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.statusMessage, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => {
      failures.push(UNREACHABLE);
      if (!res.headersSent) res.writeHead(502, { [GUARD_HEADER]: "unreachable" });
      res.end();
    });
    // Chromium gave up (page closed, deadline): the merchant's answer is no longer awaited.
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  };

  const onConnect = async (req: IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    client.on("error", () => client.destroy());
    const authority = req.url ?? "";
    try {
      const { checked, pinned } = await guarded(`https://${authority}/`);
      const upstream = net.connect(checked.port, pinned.address, () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      track(upstream);
      upstream.on("error", () => {
        failures.push(UNREACHABLE);
        client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
      });
      client.on("close", () => upstream.destroy());
    } catch (error) {
      failures.push(asFailure(error));
      client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
    }
  };

  const server = http.createServer((req, res) => void onRequest(req, res).catch(() => res.destroy()));
  server.on("connection", track);
  server.on(
    "connect",
    (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      void onConnect(req, socket, head).catch(() => socket.destroy()),
  );
  // A proxied WebSocket without a tunnel is not supported: refused rather than passed unchecked.
  server.on("upgrade", (_req: IncomingMessage, socket: Duplex) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failures,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
