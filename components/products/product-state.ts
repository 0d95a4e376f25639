import type { BadgeTone } from "@/components/ui/badge";
import type { ProductSummary } from "./types";

type TCounts = Pick<ProductSummary, "url_count" | "uncertain_count" | "paused_count" | "failed_count">;

/**
 * The one status of a product card, from its URLs: 'Suivi actif' only when at least one URL is tracked and none
 * needs the user (no URL, all paused, a failed reading, a doubtful price say so instead).
 */
export function productState(p: TCounts): { label: string; tone: BadgeTone } {
  if (p.url_count === 0) return { label: "Aucune URL suivie", tone: "neutral" };
  if (p.paused_count >= p.url_count) return { label: "En pause", tone: "warning" };
  if (p.failed_count > 0) {
    return { label: p.failed_count > 1 ? `${p.failed_count} relevés en échec` : "Relevé en échec", tone: "danger" };
  }
  if (p.uncertain_count > 0) return { label: "Prix incertain", tone: "warning" };
  return { label: "Suivi actif", tone: "success" };
}
