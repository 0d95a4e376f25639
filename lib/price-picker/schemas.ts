import { z } from "zod";

export const PRICE_SOURCE_MSG = {
  invalid:
    "Indiquez un prix trouvé (candidate_id), un sélecteur CSS (selector) ou le mode automatique (automatic: true)",
  candidate: "Identifiant de prix invalide : rechargez la liste des prix",
  selectorEmpty: "Le sélecteur CSS est vide",
  selectorTooLong: "Le sélecteur CSS ne doit pas dépasser 500 caractères",
} as const;

// a key beside the form's own (two forms at once, or a stray one) is refused with the same sentence
const ONE_FORM = { error: PRICE_SOURCE_MSG.invalid };

// PUT /api/products/{id}/urls/{urlId}/price-source: exactly one of the three forms; shared by the picker.
export const ZPriceSource = z.union(
  [
    z.strictObject(
      { candidate_id: z.string().min(1, PRICE_SOURCE_MSG.candidate).max(64, PRICE_SOURCE_MSG.candidate) },
      ONE_FORM,
    ),
    z.strictObject(
      { selector: z.string().trim().min(1, PRICE_SOURCE_MSG.selectorEmpty).max(500, PRICE_SOURCE_MSG.selectorTooLong) },
      ONE_FORM,
    ),
    z.strictObject({ automatic: z.literal(true) }, ONE_FORM),
  ],
  { error: PRICE_SOURCE_MSG.invalid },
);

export type TPriceSource = z.infer<typeof ZPriceSource>;
