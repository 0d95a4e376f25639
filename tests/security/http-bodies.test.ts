import { describe, expect, it } from "vitest";
import { bare } from "./bare-server";

const MB = 1024 * 1024;

function endless(bytes: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += 64 * 1024;
      controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
    },
  });
}

describe("request bodies on the bare server", () => {
  it("answers 413 to a 5 MB JSON post and keeps answering", async () => {
    const res = await fetch(bare("/api/auth/login"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"email":"${"a".repeat(5 * MB)}"}`,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe("payload_too_large");
    expect((await fetch(bare("/api/health"))).status).toBe(200);
  });

  it("answers 413 to a streamed body without Content-Length, on a JSON route and on next-auth's", async () => {
    for (const path of ["/api/contact", "/api/auth/callback/credentials"]) {
      const res = await fetch(bare(path), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: endless(50 * MB),
        duplex: "half",
      } as RequestInit);
      expect(res.status, path).toBe(413);
    }
    expect((await fetch(bare("/api/health"))).status).toBe(200);
  });
});
