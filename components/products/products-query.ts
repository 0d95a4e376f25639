import {
  DEFAULT_DIRECTION,
  PRODUCT_SORTS,
  type PRODUCT_STATUSES,
  type TProductSort,
} from "@/lib/products/list/list-schema";

// The products screen's state in its URL (/products?q=…&category=…&sort=…&view=table): a view can be shared.

export const FILTER_KEYS = ["q", "category", "tag", "brand", "position", "status"] as const;
export type TProductsQuery = Partial<Record<(typeof FILTER_KEYS)[number], string>> & {
  sort: TProductSort;
  order: "asc" | "desc";
  view: "cards" | "table" | null;
};

export const SORT_LABELS: Record<TProductSort, string> = {
  created: "Date d'ajout",
  name: "Nom",
  gap: "Écart au moins cher",
  last_change: "Dernier changement",
  price: "Prix le plus bas",
};
export const STATUS_LABELS: Record<(typeof PRODUCT_STATUSES)[number], string> = {
  uncertain: "Prix incertain",
  blocked: "Bloqué",
  failing: "En échec",
  paused: "En pause",
  no_url: "Sans URL",
};
export const POSITION_LABELS = {
  cheapest: "Le moins cher",
  aligned: "Aligné",
  dearer: "Plus cher",
  no_market: "Sans prix du marché",
} as const;

export function readProductsQuery(params: URLSearchParams): TProductsQuery {
  const sortParam = params.get("sort");
  const sort = (PRODUCT_SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as TProductSort) : "created";
  const orderParam = params.get("order");
  const order = orderParam === "asc" || orderParam === "desc" ? orderParam : DEFAULT_DIRECTION[sort];
  const viewParam = params.get("view");
  const query: TProductsQuery = {
    sort,
    order,
    view: viewParam === "table" || viewParam === "cards" ? viewParam : null,
  };
  for (const key of FILTER_KEYS) {
    const v = params.get(key)?.trim();
    if (v) query[key] = v;
  }
  return query;
}

/** The query string of a state, without what is the default (a plain /products stays plain). */
export function writeProductsQuery(q: TProductsQuery): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (q[key]) params.set(key, q[key]!);
  if (q.sort !== "created") params.set("sort", q.sort);
  if (q.order !== DEFAULT_DIRECTION[q.sort]) params.set("order", q.order);
  if (q.view) params.set("view", q.view);
  return params.toString();
}

export const hasFilters = (q: TProductsQuery) => FILTER_KEYS.some((k) => q[k]);
