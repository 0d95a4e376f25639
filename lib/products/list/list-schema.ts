import { z } from "zod";
import { zLimit } from "@/lib/core/limit-param";

// Browser-safe: the query of GET /api/products, shared by the products screen (its URL) and the server.

export const PRODUCT_SORTS = ["created", "name", "gap", "last_change", "price"] as const;
export type TProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_STATUSES = ["uncertain", "blocked", "failing", "paused", "no_url"] as const;
export type TProductStatus = (typeof PRODUCT_STATUSES)[number];
/** 'Mon prix' against the cheapest offer, as the market view's positions (lib/insights POSITIONS). */
export const PRODUCT_POSITIONS = ["cheapest", "aligned", "dearer", "no_market"] as const;
const POSITIONS = PRODUCT_POSITIONS;

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 200;
/** Each sort's natural direction: newest, A→Z, the dearest gap, the latest change, the cheapest price. */
export const DEFAULT_DIRECTION: Record<TProductSort, "asc" | "desc"> = {
  created: "desc",
  name: "asc",
  gap: "desc",
  last_change: "desc",
  price: "asc",
};

const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .transform((v) => v.replace(/[\u0000-\u001f\u007f]/g, " ").trim())
    .pipe(z.string().max(max, message))
    .optional()
    .transform((v) => (v ? v : undefined));

export const ZListProducts = z.object({
  q: text(200, "La recherche ne doit pas dépasser 200 caractères"),
  category: text(500, "La catégorie ne doit pas dépasser 500 caractères"),
  tag: text(50, "Une étiquette ne doit pas dépasser 50 caractères"),
  brand: text(200, "La marque ne doit pas dépasser 200 caractères"),
  position: z.enum(POSITIONS, { error: "La position doit être cheapest, aligned, dearer ou no_market" }).optional(),
  status: z
    .enum(PRODUCT_STATUSES, { error: "Le statut doit être uncertain, blocked, failing, paused ou no_url" })
    .optional(),
  sort: z
    .enum(PRODUCT_SORTS, { error: "Le tri doit être created, name, gap, last_change ou price" })
    .default("created"),
  order: z.enum(["asc", "desc"], { error: "L'ordre doit être asc ou desc" }).optional(),
  limit: zLimit(MAX_PAGE).default(DEFAULT_PAGE),
  // 'page': the answer is `{ items, next_cursor, total }` instead of the list and its headers
  include: z.enum(["page"], { error: "include doit valoir page" }).optional(),
  cursor: z.string({ error: "Curseur invalide" }).max(1000, "Curseur invalide").optional(),
});
export type TListProducts = z.input<typeof ZListProducts>;
export type TListProductsQuery = z.output<typeof ZListProducts>;

/** A value of a filter (a brand, a category path, a tag) and how many products have it. */
export type TFacet = { value: string; count: number };
/** GET /api/products/facets: each filter's values, the most frequent ones, in alphabetical order. */
export type TProductFacets = { brands: TFacet[]; categories: TFacet[]; tags: TFacet[] };
