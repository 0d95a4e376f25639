import http from "node:http";
import type { AddressInfo } from "node:net";

export type TReceived = { path: string; headers: http.IncomingHttpHeaders; body: string };

/**
 * A local webhook receiver started by the tests: records every POST (raw body and headers), answers
 * `failures` times with HTTP 500 first, or redirects every request to `redirectTo`.
 */
export async function startFakeChannel(options: { failures?: number; redirectTo?: string } = {}) {
  const received: TReceived[] = [];
  let failures = options.failures ?? 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (options.redirectTo) {
        res.writeHead(307, { location: options.redirectTo });
        return res.end();
      }
      if (failures > 0) {
        failures -= 1;
        res.writeHead(500, { "content-type": "text/plain" });
        return res.end("panne simulée");
      }
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
