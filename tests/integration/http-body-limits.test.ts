import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as contact } from "@/app/api/contact/route";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { assertJsonDepth } from "@/lib/http/assert-json-depth";

const MB = 1024 * 1024;

/** A body streamed in 64 KB chunks without Content-Length; counts how many chunks were pulled. */
function streamed(bytes: number) {
  let pulled = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled * chunk.byteLength >= bytes) return controller.close();
      pulled++;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled: () => pulled };
}

const post = (path: string, body: BodyInit | ReadableStream, headers: Record<string, string> = {}) =>
  new NextRequest(`http://localhost:3000${path}`, {
    method: "POST",
    body: body as BodyInit,
    headers: { "content-type": "application/json", ...headers },
    // required by undici for a streamed body
    ...{ duplex: "half" },
  });

describe("request bodies are limited while they stream", () => {
  it("answers 413 with a French detail to a JSON body over 1 Mo, by its declared length", async () => {
    const res = await login(post("/api/auth/login", " ".repeat(2 * MB)), { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    const json = await res.json();
    expect(json.code).toBe("payload_too_large");
    expect(json.detail).toMatch(/^Requête trop volumineuse/);
  });

  it("stops reading an endless body without Content-Length just past 1 Mo", async () => {
    const source = streamed(200 * MB);
    const res = await login(post("/api/auth/login", source.body), { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(source.pulled()).toBeLessThan(40);
  });

  it("limits the Stripe webhook and next-auth's own POST routes to 1 Mo too", async () => {
    const webhook = await stripeWebhook(post("/api/webhooks/stripe", streamed(5 * MB).body), {
      params: Promise.resolve({}),
    });
    expect(webhook.status).toBe(413);
    const source = streamed(200 * MB);
    const auth = await nextAuthPost(
      post("/api/auth/callback/credentials", source.body, { "content-type": "application/x-www-form-urlencoded" }),
      { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) },
    );
    expect(auth.status).toBe(413);
    expect(source.pulled()).toBeLessThan(40);
  });

  it("still reads a body under the limit", async () => {
    const res = await login(post("/api/auth/login", JSON.stringify({ email: "x@exemple.fr", password: "" })), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(422);
  });
});

describe("request bodies are refused past 64 levels of nesting, before JSON.parse", () => {
  const nested = (depth: number, inner = "") => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;
  const TOO_DEEP = {
    detail: "Corps de requête JSON trop imbriqué (plus de 64 niveaux d'objets ou de tableaux)",
    code: "json_too_deep",
  };

  it("answers 400 to a 1 Mo body nested 499,000 deep on the login, contact and next-auth routes", async () => {
    const body = nested(499_000);
    expect(body.length).toBeLessThan(MB);
    const noParams = { params: Promise.resolve({}) };
    for (const res of [
      await login(post("/api/auth/login", body), noParams),
      await contact(post("/api/contact", `{"message":${body}}`), noParams),
      await nextAuthPost(post("/api/auth/callback/credentials", body), {
        params: Promise.resolve({ nextauth: ["callback", "credentials"] }),
      }),
    ]) {
      expect([res.status, await res.json()]).toEqual([400, TOO_DEEP]);
    }
  });

  it("counts brackets outside strings only, and lets 64 levels through", async () => {
    const res = await login(post("/api/auth/login", JSON.stringify({ email: "[".repeat(5000), password: "{" })), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(422);
    expect(() => assertJsonDepth(nested(64))).not.toThrow();
    expect(() => assertJsonDepth(nested(65))).toThrow();
    expect(() => assertJsonDepth(`{"a":"\\"}${nested(64)}`)).not.toThrow();
    expect(() => assertJsonDepth(`["\\"[[[[", ${nested(63)}]`)).not.toThrow();
  });
});
