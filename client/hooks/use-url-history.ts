import type { Jsonify } from "@/client/jsonify";
import type { TUrlHistoryPage } from "@/lib/scraping/get-url-history";
import { useResource } from "./use-resource";

/** `include=total` answers `{ entries, total }` (SPEC.md §7's list otherwise). */
export type TUrlHistory = Jsonify<TUrlHistoryPage>;
export type TUrlHistoryEntry = TUrlHistory["entries"][number];

/** The `limit` latest readings of one URL, with how many it has in all. */
export function useUrlHistory(urlId: string, limit: number) {
  return useResource<TUrlHistory>(
    `/api/scraping/urls/${encodeURIComponent(urlId)}/history?limit=${limit}&include=total`,
    "Erreur lors de la récupération de l'historique de scraping",
  );
}
