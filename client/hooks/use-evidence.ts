import type { Jsonify } from "@/client/jsonify";
import type { TEvidenceView } from "@/lib/evidence/present-evidence";
import { useResource } from "./use-resource";

export type TEvidence = Jsonify<TEvidenceView>;

const POLL_MS = 2000;
const FALLBACK = "Erreur lors de la récupération des dossiers de preuve";

/** One capture (GET /api/evidence/{id}), polled while it is being captured; `id: null` reads nothing. */
export function useEvidence(id: string | null) {
  return useResource<TEvidence>(id ? `/api/evidence/${id}` : null, FALLBACK, {
    refreshInterval: (data) => (data?.status === "pending" ? POLL_MS : 0),
  });
}

/** A URL's captures, newest first (GET /api/urls/{urlId}/evidence), polled while one is being captured. */
export function useUrlEvidence(urlId: string) {
  return useResource<TEvidence[]>(`/api/urls/${urlId}/evidence`, FALLBACK, {
    refreshInterval: (data) => (data?.some((c) => c.status === "pending") ? POLL_MS : 0),
  });
}
