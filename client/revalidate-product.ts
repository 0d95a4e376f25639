import { mutate } from "swr";

/**
 * Refetches every cached answer about one product (detail, URLs, history, chart, comparison, alerts, its queue),
 * and the products list, so every open panel shows a change made in another one; never a key of the `except` URLs
 * (being deleted: they would answer 404).
 */
export function revalidateProduct(productId: string, urlIds: readonly string[] = [], except: readonly string[] = []) {
  return mutate(
    (key) =>
      typeof key === "string" &&
      !except.some((id) => key.includes(id)) &&
      (key === "/api/products" ||
        key.startsWith("/api/products?") ||
        key.includes(productId) ||
        key.startsWith("/api/queue/tasks") ||
        key.startsWith("/api/users/me/stats") ||
        urlIds.some((id) => key.includes(id))),
  );
}
