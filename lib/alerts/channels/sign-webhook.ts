import { createHmac, randomBytes } from "node:crypto";

export const SIGNATURE_HEADER = "X-VeillePrix-Signature";
export const TIMESTAMP_HEADER = "X-VeillePrix-Timestamp";
/** Receivers should refuse a message whose timestamp is further than this from their clock (replays). */
export const REPLAY_WINDOW_SECONDS = 300;

/** A new per-endpoint signing secret. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/**
 * The headers of a signed webhook: `X-VeillePrix-Timestamp` (Unix seconds) and `X-VeillePrix-Signature`
 * = "v1=" + hex HMAC-SHA256(secret, "<timestamp>.<raw body>").
 */
export function signWebhook(secret: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: `v1=${signature}` };
}
