import { z } from "zod";
import { BASES, CHANGE_KINDS, CHANGE_PERIODS, POSITIONS } from "@/lib/insights/schemas";

// Shapes of the 'Vue marché' answers (lib/insights/), written as zod like response-schemas.ts.
const iso = z.iso.datetime();
const decimal = z.string().regex(/^-?\d+\.\d{2}$/);
const money = decimal.describe("Montant en euros, 2 décimales (« 12.34 »)");
const percent = decimal.describe("Pourcentage, 2 décimales (« 5.26 » pour 5,26 %)");
const index = decimal.describe("Indice prix : mon prix / moyenne du marché × 100 (« 100.00 » = au niveau du marché)");

export const ROverview = z.object({
  currency: z.literal("EUR"),
  summary: z.object({
    products: z.number().int(),
    with_reference_price: z.number().int(),
    compared: z.number().int(),
    positions: z.object(Object.fromEntries(POSITIONS.map((p) => [p, z.number().int()]))),
    price_index: index.nullable(),
    trend: z.array(
      z.object({
        days: z.number().int(),
        products: z.number().int(),
        index_then: index.nullable(),
        index_now: index.nullable(),
        change: decimal.nullable().describe("Variation en points d'indice"),
      }),
    ),
  }),
  products: z.array(
    z.object({
      product_id: z.uuid(),
      name: z.string(),
      my_price: money,
      position: z.enum(POSITIONS),
      market: z.object({
        count: z.number().int(),
        min: money.nullable(),
        avg: money.nullable(),
        max: money.nullable(),
      }),
      cheapest_merchants: z.array(z.object({ url_id: z.uuid(), name: z.string(), domain: z.string() })),
      gap_to_cheapest: money.nullable(),
      gap_to_cheapest_percent: percent.nullable(),
      gap_to_average: money.nullable(),
      gap_to_average_percent: percent.nullable(),
      price_index: index.nullable(),
      out_of_stock: z.number().int(),
      other_currency: z.number().int(),
      checked_at: iso.nullable(),
    }),
  ),
  total_lines: z
    .number()
    .int()
    .describe("Lignes correspondant aux filtres ; `products` en est la page à partir de `offset`"),
  offset: z.number().int(),
});

export const RMerchants = z.object({
  currency: z.literal("EUR"),
  basis: z.enum(BASES).describe("price : prix seul ; total : prix + livraison indiquée (non précisée comptée 0)"),
  merchants: z.array(
    z.object({
      merchant: z
        .string()
        .describe(
          "Le domaine, ou le nom de la source quand l'utilisateur lui en a donné un à elle, ou sur une place de " +
            "marché le vendeur de l'offre relevée",
        ),
      domain: z.string(),
      seller: z.string().nullable().describe("Vendeur de l'offre relevée sur une place de marché, sinon null"),
      names: z.array(z.string()),
      urls: z.number().int(),
      products: z.number().int(),
      priced_products: z.number().int(),
      cheapest_count: z.number().int(),
      cheapest_rate: percent.nullable(),
      compared_products: z.number().int(),
      average_gap: money.nullable(),
      average_gap_percent: percent.nullable(),
      out_of_stock: z.number().int(),
      out_of_stock_rate: percent.nullable(),
    }),
  ),
});

export const RChanges = z.object({
  period: z.enum(CHANGE_PERIODS),
  basis: z.enum(BASES).describe("price : prix seul ; total : prix + livraison indiquée (non précisée comptée 0)"),
  since: iso,
  as_of: iso
    .nullable()
    .describe(
      "Instant du calcul pour un grand catalogue (liste recalculée chaque minute, au plus 2 minutes d'âge) ; null : calculée pour cette requête",
    ),
  counts: z.object(Object.fromEntries(CHANGE_KINDS.map((k) => [k, z.number().int()]))),
  total: z.number().int(),
  changes: z.array(
    z.object({
      kind: z.enum(CHANGE_KINDS),
      product_id: z.uuid(),
      product_name: z.string(),
      url_id: z.uuid().nullable(),
      merchant: z.string(),
      domain: z.string(),
      previous_merchant: z.string().nullable(),
      seller: z.string().nullable().describe("Vendeur de l'offre sur une place de marché, sinon null"),
      previous_seller: z
        .string()
        .nullable()
        .describe("Vendeur de l'offre d'avant (une offre passée à un autre vendeur le dit), sinon null"),
      currency: z.string(),
      before_price: money.nullable().describe("Montant comparé avant : prix, ou prix + livraison (`basis=total`)"),
      after_price: money.nullable().describe("Montant comparé maintenant"),
      change: money.nullable(),
      change_percent: percent.nullable(),
      at: iso,
    }),
  ),
});
