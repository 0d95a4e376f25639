import http from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TResolver } from "@/lib/scraping/fetch-page";
import { GUARD_HEADER, startGuardedProxy, type TGuardedProxy } from "@/lib/scraping/guarded-proxy";
import { startMerchantServer, type TMerchantServer } from "../fixtures/merchant-server";

let merchant: TMerchantServer;
const toLoopback: TResolver = async () => [{ address: "127.0.0.1", family: 4 }];

beforeAll(async () => {
  merchant = await startMerchantServer();
});

afterAll(async () => {
  await merchant.close();
});

function viaProxy(
  proxy: TGuardedProxy,
  target: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: target, headers: { host: new URL(target).host } },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

function tunnel(proxy: TGuardedProxy, authority: string): Promise<{ status: number; socket: Socket }> {
  const { port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method: "CONNECT", path: authority });
    req.on("connect", (res, socket) => resolve({ status: res.statusCode ?? 0, socket }));
    req.on("error", reject);
    req.end();
  });
}

describe("the guarded proxy Chromium goes through", () => {
  it("forwards plain HTTP to the address it resolved and checked", async () => {
    const proxy = await startGuardedProxy({ allowPrivate: true, resolve: toLoopback });
    try {
      const res = await viaProxy(proxy, `http://boutique.veilleprix.test:${merchant.port}/product/proxy?price=9.90`);
      expect(res.status).toBe(200);
      expect(res.body).toContain("9,90");
      expect(proxy.failures).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it("refuses plain HTTP to a private address with the guard's French reason", async () => {
    const proxy = await startGuardedProxy({ allowPrivate: false, resolve: toLoopback });
    try {
      const res = await viaProxy(proxy, "http://interne.veilleprix.test:8080/admin");
      expect(res.status).toBe(502);
      expect(res.headers[GUARD_HEADER]).toBe("blocked_address");
      expect(res.body).toMatch(/^Adresse refusée : 127\.0\.0\.1/);
      expect(proxy.failures).toMatchObject([{ code: "blocked_address", retryable: false }]);
    } finally {
      await proxy.close();
    }
  });

  it("opens a CONNECT tunnel to the resolved address, and refuses one to a private address", async () => {
    const open = await startGuardedProxy({ allowPrivate: true, resolve: toLoopback });
    try {
      const { status, socket } = await tunnel(open, `boutique.veilleprix.test:${merchant.port}`);
      expect(status).toBe(200);
      const reply = await new Promise<string>((resolve) => {
        let data = "";
        socket.on("data", (c: Buffer) => {
          data += c.toString();
          if (data.includes("</html>")) resolve(data);
        });
        socket.write(
          `GET /product/tunnel?price=4.20 HTTP/1.1\r\nHost: boutique.veilleprix.test\r\nConnection: close\r\n\r\n`,
        );
      });
      socket.destroy();
      expect(reply).toMatch(/^HTTP\/1\.1 200/);
      expect(reply).toContain("4,20");
    } finally {
      await open.close();
    }
    const closed = await startGuardedProxy({ allowPrivate: false, resolve: toLoopback });
    try {
      const { status } = await tunnel(closed, "interne.veilleprix.test:443");
      expect(status).toBe(403);
      const port = await tunnel(closed, "boutique.veilleprix.test:22");
      expect(port.status).toBe(403);
      expect(closed.failures.map((f) => f.code)).toEqual(["blocked_address", "blocked_port"]);
    } finally {
      await closed.close();
    }
  });
});
