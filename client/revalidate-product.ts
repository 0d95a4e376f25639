import { mutate } from "swr";

/**
 * Refetches every cached answer about one product (detail, URLs, history, chart, comparison, alerts, its queue),
 * and the products list, so every open panel shows a change made in another one.
 */
export function revalidateProduct(productId: string, urlIds: readonly string[] = []) {
  return mutate(
    (key) =>
      typeof key === "string" &&
      (key === "/api/products" ||
        key.includes(productId) ||
        key.startsWith("/api/queue/tasks") ||
        key.startsWith("/api/users/me/stats") ||
        urlIds.some((id) => key.includes(id))),
  );
}
