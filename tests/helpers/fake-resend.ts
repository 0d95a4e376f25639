import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type TFakeResendEmail = {
  id: string;
  idempotencyKey: string | null;
  authorization: string | null;
  from: string;
  to: string | string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
};

/**
 * A local stand-in for the Resend API (POST /emails), started by the tests: records what it accepts,
 * honours Idempotency-Key like Resend (same key → same id, nothing sent again), and can fail on demand.
 */
export async function startFakeResend() {
  const emails: TFakeResendEmail[] = [];
  const requests: { method: string; path: string; idempotencyKey: string | null }[] = [];
  const byKey = new Map<string, string>();
  let failures = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({ method: req.method ?? "", path: req.url ?? "", idempotencyKey: key });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST" || req.url !== "/emails")
        return reply(404, { name: "not_found", message: "Not found", statusCode: 404 });
      if (failures > 0) {
        failures -= 1;
        return reply(500, { name: "application_error", message: "Panne simulée", statusCode: 500 });
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Omit<
        TFakeResendEmail,
        "id" | "idempotencyKey" | "authorization"
      >;
      if (key && byKey.has(key)) return reply(200, { id: byKey.get(key) });
      const id = randomUUID();
      if (key) byKey.set(key, id);
      emails.push({
        ...body,
        headers: body.headers ?? {},
        id,
        idempotencyKey: key,
        authorization: req.headers.authorization ?? null,
      });
      reply(200, { id });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    emails,
    requests,
    /** the next `n` calls answer 500 */
    failNext(n = 1) {
      failures = n;
    },
    reset() {
      emails.length = 0;
      requests.length = 0;
      byKey.clear();
      failures = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
