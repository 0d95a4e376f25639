import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage } from "@/lib/scraping/fetch-page";

// A shop whose keep-alive ran out just as our pool reused its socket: the second request on a connection is
// answered by a reset, as when the shop closes an idle socket while our GET is on its way.
let server: net.Server;
let port = 0;
const served: { connection: number; request: number }[] = [];

beforeAll(async () => {
  let connections = 0;
  server = net.createServer((socket) => {
    const connection = ++connections;
    let requests = 0;
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString("latin1");
      while (buffered.includes("\r\n\r\n")) {
        buffered = buffered.slice(buffered.indexOf("\r\n\r\n") + 4);
        requests += 1;
        if (requests > 1) {
          socket.resetAndDestroy();
          return;
        }
        served.push({ connection, request: requests });
        const body = `<html><body><h1>Robot</h1><span class="price">${connection}9,90 €</span></body></html>`;
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
            `connection: keep-alive\r\nkeep-alive: timeout=5\r\n\r\n${body}`,
        );
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("a pooled socket the shop has closed", () => {
  it("the GET goes again once, on a connection of its own, and the shop answers it", async () => {
    const url = `http://127.0.0.1:${port}/product/robot`;
    const first = await fetchPage(url, { allowPrivate: true });
    expect(first.status).toBe(200);
    // the pool hands the same socket over: the shop resets it, the page comes from a new connection
    const second = await fetchPage(`${url}?again=1`, { allowPrivate: true });
    expect(second.status).toBe(200);
    expect(second.html).toContain("29,90");
    expect(served).toEqual([
      { connection: 1, request: 1 },
      { connection: 2, request: 1 },
    ]);
  });
});
