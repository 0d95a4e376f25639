import type { Jsonify } from "@/client/jsonify";
import type { getProductHistory } from "@/lib/history/get-product-history";
import type { THistoryRange } from "@/lib/history/schemas";
import { useResource } from "./use-resource";

export type TProductHistory = Jsonify<Awaited<ReturnType<typeof getProductHistory>>>;

/** The chart series of every merchant of a product over `range`, in `points` buckets (null: not measured yet). */
export function useProductHistory(productId: string, range: THistoryRange, points: number | null) {
  return useResource<TProductHistory>(
    points ? `/api/products/${encodeURIComponent(productId)}/history?range=${range}&points=${points}` : null,
    "Erreur lors de la récupération de l'historique des prix",
  );
}
