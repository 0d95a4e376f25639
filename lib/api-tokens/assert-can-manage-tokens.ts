import type { TAuthUser } from "@/lib/auth/resolve-user";
import { forbidden } from "@/lib/http/api-error";
import { API_TOKEN_MSG } from "./schemas";

/** Integration tokens cannot mint or revoke tokens: a leaked token must not be able to entrench itself. */
export function assertCanManageTokens(user: TAuthUser): void {
  if (user.via === "token" && user.tokenKind === "api")
    throw forbidden(API_TOKEN_MSG.tokenNotAllowed, "api_token_not_allowed");
}
