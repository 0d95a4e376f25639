import { z } from "zod";
import { limitMessage, zLimit } from "@/lib/core/limit-param";

// Shared by the flags list and the route handler; browser-safe (no database import).

// Same values as db/schema/flags.ts.
export const FLAG_KINDS = ["suspect_promotion", "below_min_advertised"] as const;
export type TFlagKind = (typeof FLAG_KINDS)[number];

export const FLAG_KIND_LABELS: Record<TFlagKind, string> = {
  suspect_promotion: "Promotion suspecte",
  below_min_advertised: "Sous le prix minimum annoncé",
};

export const FLAG_STATUSES = ["open", "resolved", "all"] as const;

export const FLAG_MSG = {
  kind: "Le type de signalement doit être « suspect_promotion » ou « below_min_advertised »",
  product: "Produit introuvable",
  status: "L'état doit être « open », « resolved » ou « all »",
  limit: limitMessage(100),
} as const;

export const ZFlagsQuery = z.object({
  kind: z.enum(FLAG_KINDS, { error: FLAG_MSG.kind }).optional(),
  product_id: z.uuid({ error: FLAG_MSG.product }).optional(),
  status: z.enum(FLAG_STATUSES, { error: FLAG_MSG.status }).default("open"),
  limit: zLimit(100).default(50),
});
export type TFlagsQuery = z.output<typeof ZFlagsQuery>;

/** A reading as the evidence cites it: its id, date and price (decimal string). */
export type TEvidenceReading = { reading_id: number | null; at: string; price: string };

/** Why a reduction was judged suspect: its crossed-out price against the lowest price of the 30 days before it. */
export type TPromotionEvidence = {
  currency: string;
  regular_price: string;
  price: string;
  observed_at: string;
  reduction_started: TEvidenceReading;
  window_from: string;
  window_to: string;
  lowest: TEvidenceReading;
  readings_in_window: number;
  // false: our readings start inside the window, and one of them already lies below the crossed-out price.
  whole_window?: boolean;
};

export type TFloorEvidence = {
  currency: string;
  price: string;
  min_advertised_price: string;
  observed_at: string;
  reading_id: number;
};

export type TFlagEvidence = TPromotionEvidence | TFloorEvidence;
