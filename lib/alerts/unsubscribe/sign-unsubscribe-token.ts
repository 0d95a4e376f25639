import { createHmac } from "node:crypto";
import { getAuthSecret } from "@/lib/auth";

export type TUnsubscribeScope = { workspaceId: string; ruleId?: string | null };

/** The HMAC key for unsubscribe links, derived from the app secret (never the secret itself). */
export function unsubscribeKey(secret = getAuthSecret()): Buffer {
  return createHmac("sha256", secret).update("veilleprix:alerts-unsubscribe:v1").digest();
}

/**
 * A tamper-proof, non-expiring token naming a user (all alerts) or one of their rules:
 * base64url("<workspaceId>[:<ruleId>]") + "." + base64url(HMAC-SHA256).
 */
export function signUnsubscribeToken(scope: TUnsubscribeScope, secret?: string): string {
  const payload = Buffer.from(scope.ruleId ? `${scope.workspaceId}:${scope.ruleId}` : scope.workspaceId).toString(
    "base64url",
  );
  const signature = createHmac("sha256", unsubscribeKey(secret)).update(payload).digest("base64url");
  return `${payload}.${signature}`;
}
