import { AppError } from "@/lib/errors/app-error";

/** The 403 answered when a plan limit is reached (SPEC.md §5 texts). */
export function planLimitError(kind: "products" | "urls" | "hourly", limit = 0) {
  if (kind === "products") return new AppError("product_limit_reached", { extra: { limit } });
  if (kind === "urls") return new AppError("url_limit_reached", { extra: { limit } });
  return new AppError("hourly_not_allowed");
}
