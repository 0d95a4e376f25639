import { z } from "zod";
import { zLimit } from "@/lib/core/limit-param";

// Shared by the 'Vue marché' filters and the route handlers; French messages shown as they are.
export const POSITIONS = ["cheapest", "aligned", "dearer", "no_market"] as const;
export type TPosition = (typeof POSITIONS)[number];
export const POSITION_LABELS: Record<TPosition, string> = {
  cheapest: "Le moins cher",
  aligned: "Aligné (±1 %)",
  dearer: "Plus cher",
  no_market: "Sans prix du marché",
};

export const OVERVIEW_SORTS = ["gap_to_cheapest", "gap_to_average", "price_index", "name", "position"] as const;
export const MERCHANT_SORTS = ["cheapest_rate", "average_gap", "out_of_stock_rate", "products", "domain"] as const;
export const CHANGE_KINDS = ["drop", "rise", "out_of_stock", "back_in_stock", "new_cheapest"] as const;
export type TChangeKind = (typeof CHANGE_KINDS)[number];
export const CHANGE_PERIODS = ["day", "week"] as const;
export type TChangePeriod = (typeof CHANGE_PERIODS)[number];

const order = z.enum(["asc", "desc"], { error: "L'ordre doit être asc ou desc" }).optional();
const search = z
  .string({ error: "La recherche doit être un texte" })
  .trim()
  .max(200, "La recherche ne doit pas dépasser 200 caractères")
  .optional();

// What the market compares: the item price (default), or the price plus the shipping the page states.
export const BASES = ["price", "total"] as const;
export type TBasis = (typeof BASES)[number];
export const BASIS_LABELS: Record<TBasis, string> = { price: "Prix seul", total: "Prix livraison comprise" };

export const ZOverviewQuery = z.object({
  position: z
    .enum(["all", ...POSITIONS], { error: "La position doit être all, cheapest, aligned, dearer ou no_market" })
    .default("all"),
  q: search,
  sort: z
    .enum(OVERVIEW_SORTS, {
      error: "Le tri doit être gap_to_cheapest, gap_to_average, price_index, name ou position",
    })
    .default("gap_to_cheapest"),
  order,
  basis: z.enum(BASES, { error: "La base de comparaison doit être price ou total" }).default("price"),
});
export type TOverviewQuery = Omit<z.output<typeof ZOverviewQuery>, "basis"> & { basis?: TBasis };

export const ZOverviewExportQuery = ZOverviewQuery.extend({
  dialect: z.enum(["excel", "standard"], { error: "Le dialecte doit être excel ou standard" }).default("excel"),
});

export const ZMerchantsQuery = z.object({
  q: search,
  sort: z
    .enum(MERCHANT_SORTS, {
      error: "Le tri doit être cheapest_rate, average_gap, out_of_stock_rate, products ou domain",
    })
    .default("cheapest_rate"),
  order,
});
export type TMerchantsQuery = z.output<typeof ZMerchantsQuery>;

export const ZChangesQuery = z.object({
  period: z.enum(CHANGE_PERIODS, { error: "La période doit être day ou week" }).default("day"),
  kind: z
    .enum(["all", ...CHANGE_KINDS], {
      error: "Le type doit être all, drop, rise, out_of_stock, back_in_stock ou new_cheapest",
    })
    .default("all"),
  limit: zLimit(500).default(100),
});
export type TChangesQuery = z.output<typeof ZChangesQuery>;
