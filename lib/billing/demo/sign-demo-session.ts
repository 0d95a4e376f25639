import { createHmac, randomBytes } from "node:crypto";
import { getAuthSecret } from "@/lib/secrets";

export const DEMO_SESSION_TTL_SECONDS = 60 * 60;

export function demoSignature(workspaceId: string, planId: number, exp: number, nonce: string): string {
  return createHmac("sha256", getAuthSecret())
    .update(`demo|${workspaceId}|${planId}|${exp}|${nonce}`)
    .digest("hex")
    .slice(0, 32);
}

/** A demo checkout session id: stateless, bound to the user and the plan by an HMAC, valid one hour. */
export function signDemoSession(workspaceId: string, planId: number, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + DEMO_SESSION_TTL_SECONDS;
  const nonce = randomBytes(8).toString("hex");
  return `demo_${planId}_${exp}_${nonce}_${demoSignature(workspaceId, planId, exp, nonce)}`;
}
