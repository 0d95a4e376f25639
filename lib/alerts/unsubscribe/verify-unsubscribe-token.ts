import { createHmac, timingSafeEqual } from "node:crypto";
import { unsubscribeKey, type TUnsubscribeScope } from "./sign-unsubscribe-token";
import { isUuid } from "@/lib/core/is-uuid";

/** The scope of a genuine token, or null for anything altered, truncated or forged. */
export function verifyUnsubscribeToken(token: string, secret?: string): TUnsubscribeScope | null {
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  const expected = createHmac("sha256", unsubscribeKey(secret)).update(payload).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // base64url decoding is lenient: re-encode to refuse non-canonical variants of a signed payload
  if (Buffer.from(signature, "base64url").toString("base64url") !== signature) return null;
  const [workspaceId, ruleId, extra] = Buffer.from(payload, "base64url").toString("utf8").split(":");
  if (extra !== undefined || !workspaceId || !isUuid(workspaceId) || (ruleId !== undefined && !isUuid(ruleId)))
    return null;
  return { workspaceId, ruleId: ruleId ?? null };
}
