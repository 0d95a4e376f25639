import type { Invoice } from "@/components/dashboard/types";
import { API_KEYS } from "@/client/api-keys";
import { useResource } from "./use-resource";

/** The signed-in user's invoices. */
export function useInvoices() {
  return useResource<Invoice[]>(API_KEYS.invoices, "Erreur lors de la récupération des factures");
}
