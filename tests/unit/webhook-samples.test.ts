import { createHmac, timingSafeEqual } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signWebhook } from "@/lib/alerts/channels/sign-webhook";
import { NODE_SAMPLE, PYTHON_SAMPLE } from "@/lib/openapi/webhook-samples";

type TVerify = (secret: string, headers: Record<string, string>, rawBody: string) => boolean;

/** The documented Node.js function, run as written (its import given by the test). */
function nodeVerify(): TVerify {
  const body = NODE_SAMPLE.replace(/^import .*$/m, "");
  return new Function("createHmac", "timingSafeEqual", `${body}\nreturn verifier;`)(createHmac, timingSafeEqual);
}

const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

describe("the webhook verification samples of /docs/api", () => {
  it("the Node.js sample accepts a real signature with the whole whsec_ secret, and nothing else", () => {
    const verify = nodeVerify();
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: "test", alert: { product_name: "Bouilloire" } });
    const headers = lower(signWebhook(secret, body));
    expect(headers["x-veilleprix-signature"]).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verify(secret, headers, body)).toBe(true);
    expect(verify(secret.replace(/^whsec_/, ""), headers, body)).toBe(false);
    expect(verify(secret, headers, `${body} `)).toBe(false);
    const old = lower(signWebhook(secret, body, new Date(Date.now() - 10 * 60_000)));
    expect(verify(secret, old, body)).toBe(false);
  });

  it("the Python sample signs the same text with the same key", () => {
    expect(PYTHON_SAMPLE).toContain('timestamp.encode() + b"." + raw_body');
    expect(PYTHON_SAMPLE).toContain("hmac.new(secret.encode(), message, hashlib.sha256)");
    expect(PYTHON_SAMPLE).toContain('"v1=" +');
    expect(PYTHON_SAMPLE).toContain("X-VeillePrix-Signature");
  });
});
