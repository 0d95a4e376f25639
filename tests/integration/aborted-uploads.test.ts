import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { config } from "@/proxy";

/** A POST whose client hangs up after a few bytes: its stream fails (Node's "aborted") or just ends early. */
function cutShort(how: "fails" | "ends") {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"email":"a'));
      if (how === "ends") controller.close();
      else controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    },
  });
  return new NextRequest("http://localhost:3000/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": "100000" },
    body,
    // required by undici for a streamed body
    ...{ duplex: "half" },
  });
}

afterEach(() => vi.restoreAllMocks());

describe("a client that disconnects during a POST", () => {
  it("is a 400 'request_aborted', never a server error in the log", async () => {
    const logged = vi.spyOn(console, "error");
    for (const how of ["fails", "ends"] as const) {
      const res = await login(cutShort(how), { params: Promise.resolve({}) });
      expect(res.status, how).toBe(400);
      expect((await res.json()).code).toBe("request_aborted");
    }
    expect(logged).not.toHaveBeenCalled();
  });

  it("skips the proxy for API requests with a body (Next's copy of the body fails and logs when cut short)", () => {
    const match = (url: string, headers: Record<string, string> = {}) =>
      unstable_doesMiddlewareMatch({ config, url, headers });
    expect(match("/api/products", { "content-length": "12" })).toBe(false);
    expect(match("/api/products", { "transfer-encoding": "chunked" })).toBe(false);
    expect(match("/api/products")).toBe(true);
    expect(match("/products", { "content-length": "12" })).toBe(true);
    expect(match("/dashboard")).toBe(true);
  });
});
