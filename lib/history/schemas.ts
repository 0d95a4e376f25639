import { z } from "zod";

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

export const REFERENCE_PRICE_MESSAGE = "Le prix de référence doit être un montant positif avec au plus 2 décimales";

export const ZReferencePrice = z.object({
  reference_price: z
    .union([z.string(), z.number()], { error: REFERENCE_PRICE_MESSAGE })
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const text = String(v).trim().replace(",", ".");
      if (text === "") return null;
      if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) {
        ctx.addIssue({ code: "custom", message: REFERENCE_PRICE_MESSAGE });
        return z.NEVER;
      }
      return text;
    }),
});
export type TReferencePrice = z.input<typeof ZReferencePrice>;

const HISTORY_LIMIT_MESSAGE = "La limite doit être un entier entre 1 et 1000";

/** GET /api/scraping/urls/{urlId}/history: a page of `limit` entries older than the entry `before`. */
export const ZUrlHistoryQuery = z.object({
  limit: z.coerce
    .number({ error: HISTORY_LIMIT_MESSAGE })
    .int(HISTORY_LIMIT_MESSAGE)
    .min(1, HISTORY_LIMIT_MESSAGE)
    .max(1000, HISTORY_LIMIT_MESSAGE)
    .default(100),
  before: z.coerce
    .number({ error: "Le curseur 'before' doit être l'identifiant d'un relevé" })
    .int("Le curseur 'before' doit être l'identifiant d'un relevé")
    .min(1, "Le curseur 'before' doit être l'identifiant d'un relevé")
    .max(Number.MAX_SAFE_INTEGER, "Le curseur 'before' doit être l'identifiant d'un relevé")
    .optional(),
  include: z.enum(["total"], { error: "Le paramètre include n'accepte que 'total'" }).optional(),
});
