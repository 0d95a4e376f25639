import { z } from "zod";
import { zLimit } from "@/lib/core/limit-param";

// Shared by the history/comparison forms and the route handlers; French messages shown as they are.
export const HISTORY_RANGES = ["7d", "30d", "90d", "all"] as const;
export type THistoryRange = (typeof HISTORY_RANGES)[number];
export const RANGE_DAYS: Record<THistoryRange, number | null> = { "7d": 7, "30d": 30, "90d": 90, all: null };
export const RANGE_LABELS: Record<THistoryRange, string> = {
  "7d": "7 jours",
  "30d": "30 jours",
  "90d": "90 jours",
  all: "Tout",
};

export const ZProductHistoryQuery = z.object({
  range: z.enum(HISTORY_RANGES, { error: "La période doit être 7d, 30d, 90d ou all" }).default("30d"),
  points: z.coerce
    .number({ error: "Le nombre de points doit être un entier entre 50 et 4000" })
    .int("Le nombre de points doit être un entier entre 50 et 4000")
    .min(50, "Le nombre de points doit être un entier entre 50 et 4000")
    .max(4000, "Le nombre de points doit être un entier entre 50 et 4000")
    .default(800),
});
export type TProductHistoryQuery = z.input<typeof ZProductHistoryQuery>;

/** GET /api/scraping/urls/{urlId}/history: a page of `limit` entries older than the entry `before`. */
export const ZUrlHistoryQuery = z.object({
  limit: zLimit(1000).default(100),
  before: z.coerce
    .number({ error: "Le curseur 'before' doit être l'identifiant d'un relevé" })
    .int("Le curseur 'before' doit être l'identifiant d'un relevé")
    .min(1, "Le curseur 'before' doit être l'identifiant d'un relevé")
    .max(Number.MAX_SAFE_INTEGER, "Le curseur 'before' doit être l'identifiant d'un relevé")
    .optional(),
  include: z.enum(["total"], { error: "Le paramètre include n'accepte que 'total'" }).optional(),
});
