import { forbidden } from "@/lib/http/api-error";
import { HOURLY_NOT_ALLOWED, productLimitMessage, urlLimitMessage } from "./limit-messages";

/** The 403 answered when a plan limit is reached (SPEC.md §5 texts). */
export function planLimitError(kind: "products" | "urls" | "hourly", limit = 0) {
  if (kind === "products") return forbidden(productLimitMessage(limit), "product_limit_reached", { limit });
  if (kind === "urls") return forbidden(urlLimitMessage(limit), "url_limit_reached", { limit });
  return forbidden(HOURLY_NOT_ALLOWED, "hourly_not_allowed");
}
