import { z } from "zod";
import { digitsToNumber, zLimit } from "@/lib/core/limit-param";

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
const basis = z.enum(BASES, { error: "La base de comparaison doit être price ou total" }).default("price");

/** The lines of one page of the positioning table: a small catalogue fits in one. */
export const OVERVIEW_PAGE = 100;
const OVERVIEW_LIMIT = "La limite doit être un entier entre 0 et 500";
const OFFSET = "Le décalage doit être un entier entre 0 et 1000000";

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
  basis,
  // a page of the lines (0: the summary alone, as the dashboard shows it); the export takes them all
  limit: z
    .preprocess(
      digitsToNumber,
      z.number({ error: OVERVIEW_LIMIT }).int(OVERVIEW_LIMIT).min(0, OVERVIEW_LIMIT).max(500, OVERVIEW_LIMIT),
    )
    .default(OVERVIEW_PAGE),
  offset: z
    .preprocess(digitsToNumber, z.number({ error: OFFSET }).int(OFFSET).min(0, OFFSET).max(1_000_000, OFFSET))
    .default(0),
});
export type TOverviewQuery = Omit<z.output<typeof ZOverviewQuery>, "basis" | "limit" | "offset"> & {
  basis?: TBasis;
  limit?: number;
  offset?: number;
};

/** The files take every line matching the filters, in the table's order. */
export const ZOverviewFileQuery = ZOverviewQuery.omit({ limit: true, offset: true });

export const ZOverviewExportQuery = ZOverviewFileQuery.extend({
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
  basis,
});
export type TMerchantsQuery = Omit<z.output<typeof ZMerchantsQuery>, "basis"> & { basis?: TBasis };

/** The longest page of changes (a large catalogue keeps each kind's first CHANGES_MAX_LIMIT lines). */
export const CHANGES_MAX_LIMIT = 500;

export const ZChangesQuery = z.object({
  period: z.enum(CHANGE_PERIODS, { error: "La période doit être day ou week" }).default("day"),
  kind: z
    .enum(["all", ...CHANGE_KINDS], {
      error: "Le type doit être all, drop, rise, out_of_stock, back_in_stock ou new_cheapest",
    })
    .default("all"),
  limit: zLimit(CHANGES_MAX_LIMIT).default(100),
  basis,
});
export type TChangesQuery = Omit<z.output<typeof ZChangesQuery>, "basis"> & { basis?: TBasis };
