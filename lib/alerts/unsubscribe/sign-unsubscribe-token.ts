import { createHmac } from "node:crypto";
import { getAuthSecret } from "@/lib/secrets";

/** userId: the member the mail was sent to (null in links sent before members had their own mail: the first owner). */
export type TUnsubscribeScope = { workspaceId: string; ruleId?: string | null; userId?: string | null };

/** The HMAC key for unsubscribe links, derived from the app secret (never the secret itself). */
export function unsubscribeKey(secret = getAuthSecret()): Buffer {
  return createHmac("sha256", secret).update("veilleprix:alerts-unsubscribe:v1").digest();
}

/**
 * A tamper-proof, non-expiring token naming a member of a workspace (all alerts) or one rule there:
 * base64url("<workspaceId>:<ruleId or empty>:<userId>") + "." + base64url(HMAC-SHA256). Older links carry
 * "<workspaceId>[:<ruleId>]" and still verify.
 */
export function signUnsubscribeToken(scope: TUnsubscribeScope, secret?: string): string {
  const text = scope.userId
    ? `${scope.workspaceId}:${scope.ruleId ?? ""}:${scope.userId}`
    : scope.ruleId
      ? `${scope.workspaceId}:${scope.ruleId}`
      : scope.workspaceId;
  const payload = Buffer.from(text).toString("base64url");
  const signature = createHmac("sha256", unsubscribeKey(secret)).update(payload).digest("base64url");
  return `${payload}.${signature}`;
}
