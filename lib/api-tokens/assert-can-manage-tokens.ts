import type { TAuthUser } from "@/lib/auth";
import { AppError } from "@/lib/errors/app-error";

/** Integration tokens cannot mint or revoke tokens: a leaked token must not be able to entrench itself. */
export function assertCanManageTokens(user: TAuthUser): void {
  if (user.via === "token" && user.tokenKind === "api") throw new AppError("api_token_not_allowed");
}
