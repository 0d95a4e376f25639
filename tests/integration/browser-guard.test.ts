import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, renderPage } from "@/lib/scraping/browser";
import type { TResolver } from "@/lib/scraping/fetch-page";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

let merchant: TMerchantServer;

beforeAll(async () => {
  merchant = await startMerchantServer();
});

afterAll(async () => {
  await closeBrowser();
  await merchant.close();
});

// A server on a port the guard allows (8080–8443), counting what reaches it.
async function listenOnAllowedPort(): Promise<{ server: http.Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/html" }).end("<h1>Interne</h1><p>Secret : 1 €</p>");
  });
  for (let port = 8080 + Math.floor(Math.random() * 300); port <= 8443; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (ok) return { server, port: (server.address() as AddressInfo).port, hits };
  }
  throw new Error("no free port between 8080 and 8443");
}

describe("Chromium behind the guarded proxy", () => {
  it("connects only to the address the guard resolved (Chromium resolves no name itself)", async () => {
    // ".test" names do not exist in DNS: the page can only load through the guard's own resolution.
    const names: string[] = [];
    const resolve: TResolver = async (host) => {
      names.push(host);
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const url = `http://boutique.veilleprix.test:${merchant.port}/js-only/pinned?price=12.50`;
    const page = await renderPage(url, { allowPrivate: true, resolve });
    expect(page.html).toContain("12,50");
    expect(page.url).toBe(url);
    expect(names.every((n) => n === "boutique.veilleprix.test")).toBe(true);
    expect(names.length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it("never reaches a private address when the name rebinds after the first check", async () => {
    const internal = await listenOnAllowedPort();
    try {
      let calls = 0;
      // First answer public (passes the check), every later one points at the machine itself.
      const resolve: TResolver = async () =>
        calls++ === 0 ? [{ address: "93.184.216.34", family: 4 }] : [{ address: "127.0.0.1", family: 4 }];
      await expect(
        renderPage(`http://rebind.veilleprix.test:${internal.port}/admin`, {
          allowPrivate: false,
          resolve,
          timeoutMs: 10_000,
        }),
      ).rejects.toMatchObject({ code: "blocked_address", message: expect.stringContaining("127.0.0.1") });
      expect(calls).toBeGreaterThanOrEqual(2);
      expect(internal.hits).toEqual([]);
    } finally {
      await new Promise((r) => internal.server.close(r));
    }
  }, 60_000);

  it("renders a redirected page although one of its scripts points at a refused address", async () => {
    const target = `${merchant.url}/js-only/redirected?price=7.50&script=${encodeURIComponent("http://169.254.169.254/latest/x.js")}`;
    const page = await renderPage(`${merchant.url}/redirect/1?to=${encodeURIComponent(target)}`, {
      allowPrivate: true,
    });
    expect(page.html).toContain("7,50");
  }, 60_000);

  it("refuses a page request to loopback even though Chromium would bypass a proxy for it", async () => {
    const internal = await listenOnAllowedPort();
    try {
      const resolve: TResolver = async () => [{ address: "127.0.0.1", family: 4 }];
      await expect(
        renderPage(`http://localhost:${internal.port}/`, { allowPrivate: false, resolve }),
      ).rejects.toMatchObject({
        code: "blocked_address",
      });
      expect(internal.hits).toEqual([]);
    } finally {
      await new Promise((r) => internal.server.close(r));
    }
  }, 60_000);
});
