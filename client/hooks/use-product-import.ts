import type { Jsonify } from "@/client/jsonify";
import type { TImportView } from "@/lib/products/import/present-import";
import { useResource } from "./use-resource";

export type TProductImport = Jsonify<TImportView>;

const FETCH_ERROR = "Erreur lors de la récupération de l'import";
const POLL_MS = 1000;
const running = (job: TProductImport | undefined) => !job || job.status === "pending" || job.status === "running";

/** An import started by POST /api/products/import, polled every second until it is done or failed. */
export function useProductImport(id: string | null) {
  return useResource<TProductImport>(id ? `/api/products/import/${id}` : null, FETCH_ERROR, {
    refreshInterval: (job) => (running(job) ? POLL_MS : 0),
  });
}
