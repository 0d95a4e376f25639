import type { Product } from "@/components/products/types";
import { useResource } from "./use-resource";

// SPEC.md §9: the queue's cadence, used while a first reading is awaited
const AWAITING_POLL_MS = 10_000;

const awaitsFirstReading = (p: Product | undefined) =>
  p?.urls.some((u) => u.last_status === "pending" && !u.last_checked_at) ?? false;

/**
 * One product with its URLs; polled every 10 s while one of its URLs still awaits its first reading.
 * `fallbackData`: the server-rendered answer, shown until the first fetch.
 */
export function useProduct(productId: string, fallbackData?: Product) {
  return useResource<Product>(`/api/products/${productId}`, "Erreur lors de la récupération du produit", {
    refreshInterval: (p) => (awaitsFirstReading(p) ? AWAITING_POLL_MS : 0),
    fallbackData,
  });
}
