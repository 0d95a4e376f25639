import type { Jsonify } from "@/client/jsonify";
import type { getReportPreferences } from "@/lib/reports/get-report-preferences";
import { API_KEYS } from "@/client/api-keys";
import { useResource } from "./use-resource";

export type TReportPreferencesView = Jsonify<Awaited<ReturnType<typeof getReportPreferences>>>;

/** The scheduled report's frequency, and whether the plan allows it. */
export function useReportPreferences() {
  return useResource<TReportPreferencesView>(
    API_KEYS.reportPreferences,
    "Erreur lors de la récupération des préférences du rapport",
  );
}
