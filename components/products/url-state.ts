import type { BadgeTone } from "@/components/ui/badge";
import type { ProductUrl } from "./types";

const FAILURES: Partial<Record<ProductUrl["last_status"], string>> = {
  blocked: "Accès bloqué par le site",
  no_price: "Prix introuvable sur la page",
  uncertain: "Prix incertain",
  unreachable: "Site injoignable",
  error: "Échec du dernier relevé",
};

/** The one status of a tracked URL: a failed last reading wins over 'Suivi actif', never both at once. */
export function urlState(url: Pick<ProductUrl, "last_status" | "last_checked_at" | "paused">): {
  label: string;
  tone: BadgeTone;
  failed: boolean;
} {
  const failure = FAILURES[url.last_status];
  if (failure) return { label: failure, tone: url.last_status === "uncertain" ? "warning" : "danger", failed: true };
  if (url.paused || url.last_status === "paused") return { label: "En pause", tone: "warning", failed: false };
  if (url.last_status === "pending" && !url.last_checked_at) {
    return { label: "Premier relevé en attente", tone: "neutral", failed: false };
  }
  return { label: "Suivi actif", tone: "success", failed: false };
}
