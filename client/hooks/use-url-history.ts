import { useResource } from "./use-resource";

export type TUrlHistoryEntry = {
  id?: number | string;
  price: string | number | null;
  currency?: string | null;
  availability?: boolean;
  available?: boolean;
  regular_price?: string | number | null;
  shipping?: string | number | null;
  created_at: string;
};
/** `include=total` answers `{ entries, total }` (SPEC.md §7's list otherwise). */
export type TUrlHistory = { entries: TUrlHistoryEntry[]; total: number };

/** The `limit` latest readings of one URL, with how many it has in all. */
export function useUrlHistory(urlId: string, limit: number) {
  return useResource<TUrlHistory>(
    `/api/scraping/urls/${encodeURIComponent(urlId)}/history?limit=${limit}&include=total`,
    "Erreur lors de la récupération de l'historique de scraping",
  );
}
