import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { proxyHop, resolveProxy } from "@/lib/fetching/proxy-hop";
import { fetchPage } from "@/lib/scraping/fetch-page";
import { TEST_TLS_CERT, TEST_TLS_KEY } from "../fixtures/test-tls";

// The customer's proxy, faked on loopback (nothing leaves the machine): an https shop reached through a CONNECT
// tunnel, and a proxy that resets a second request on a kept-alive connection, as a proxy does when it closes
// an idle connection while a request is on its way.
const AUTH = `Basic ${Buffer.from("client:s3cret").toString("base64")}`;
const page = (price: string) =>
  `<html><body><h1>Lampe</h1><span class="price">${price} €</span><button>Ajouter au panier</button></body></html>`;

let shop: https.Server;
let plainShop: http.Server;
let proxy: http.Server;
const seen = { connections: 0, tunnels: [] as { target: string; auth?: string }[], gets: [] as string[] };
const shopRequests: string[] = [];
const tunnels: net.Socket[] = [];

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

beforeAll(async () => {
  shop = https.createServer({ key: TEST_TLS_KEY, cert: TEST_TLS_CERT }, (req, res) => {
    shopRequests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page("24,90"));
  });
  plainShop = http.createServer((req, res) => {
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(page(req.url?.includes("b") ? "12,00" : "11,00"));
  });
  proxy = http.createServer({ keepAlive: true }, (req: IncomingMessage, res) => {
    const socket = req.socket as net.Socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    if (socket.served > 1) {
      socket.resetAndDestroy();
      return;
    }
    seen.gets.push(req.url ?? "");
    const target = new URL(req.url ?? "");
    const up = http.request({ host: target.hostname, port: target.port, path: target.pathname }, (r) => {
      res.writeHead(r.statusCode ?? 502, { ...r.headers, connection: "keep-alive" });
      r.pipe(res);
    });
    up.end();
  });
  proxy.on("connection", () => seen.connections++);
  proxy.on("connect", (req: IncomingMessage, socket: net.Socket) => {
    seen.tunnels.push({ target: req.url ?? "", auth: req.headers["proxy-authorization"] });
    tunnels.push(socket);
    const [host, port] = (req.url ?? "").split(":");
    const up = net.connect(Number(port), host!, () => {
      socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      up.pipe(socket);
      socket.pipe(up);
    });
    tunnels.push(up);
    up.on("error", () => socket.destroy());
    socket.on("error", () => up.destroy());
  });
  await Promise.all([listen(shop), listen(plainShop), listen(proxy)]);
});

afterAll(async () => {
  vi.restoreAllMocks();
  for (const socket of tunnels) socket.destroy();
  await Promise.all(
    [shop, plainShop, proxy].map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
});

const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

describe("fetching through the customer's proxy", () => {
  it("an https shop through a CONNECT tunnel: authenticated, the checked address asked, the page read", async () => {
    // the shop's test certificate is trusted for this test only
    const connect = tls.connect;
    vi.spyOn(tls, "connect").mockImplementation(((options: tls.ConnectionOptions) =>
      connect({ ...options, ca: TEST_TLS_CERT })) as typeof tls.connect);
    const endpoint = await resolveProxy(`http://client:s3cret@127.0.0.1:${portOf(proxy)}`, true);
    const result = await fetchPage(`https://127.0.0.1:${portOf(shop)}/produit/lampe?ref=7`, {
      allowPrivate: true,
      send: proxyHop(endpoint),
    });
    expect(result.status).toBe(200);
    expect(result.html).toContain("24,90");
    expect(seen.tunnels).toEqual([{ target: `127.0.0.1:${portOf(shop)}`, auth: AUTH }]);
    expect(shopRequests).toEqual(["GET /produit/lampe?ref=7"]);
  });

  it("a proxy closing a kept-alive connection never fails a fetch: each fetch opens its own", async () => {
    const endpoint = await resolveProxy(`http://127.0.0.1:${portOf(proxy)}`, true);
    const before = seen.connections;
    for (const path of ["/a", "/b"]) {
      const result = await fetchPage(`http://127.0.0.1:${portOf(plainShop)}${path}`, {
        allowPrivate: true,
        send: proxyHop(endpoint),
      });
      expect(result.status).toBe(200);
    }
    expect(seen.gets.slice(-2)).toEqual([
      `http://127.0.0.1:${portOf(plainShop)}/a`,
      `http://127.0.0.1:${portOf(plainShop)}/b`,
    ]);
    expect(seen.connections - before).toBe(2);
  });
});
