import type { Invoice } from "@/components/dashboard/types";
import { useResource } from "./use-resource";

/** The signed-in user's invoices. */
export function useInvoices() {
  return useResource<Invoice[]>("/api/payments/invoices", "Erreur lors de la récupération des factures");
}
