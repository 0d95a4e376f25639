import type { Jsonify } from "@/client/jsonify";
import type { listProducts } from "@/lib/products/list-products";
import type { TProductView } from "@/lib/products/present-product";
import type { TProductUrlView } from "@/lib/products/urls/present-product-url";

// The JSON answers of /api/products, typed from the server's presenters.
export type ProductUrl = Jsonify<TProductUrlView>;
export type Product = Jsonify<TProductView>;

/** An item of GET /api/products: what the grid shows (the detail is GET /api/products/{id}). */
export type ProductSummary = Jsonify<Awaited<ReturnType<typeof listProducts>>[number]>;

/** The plan limits that apply to the signed-in user (null = unlimited). */
export type PlanLimits = {
  planName: string;
  maxProducts: number | null;
  maxUrlsPerProduct: number | null;
  hasAutomation: boolean;
};

/** POST /api/products/import and GET /api/products/import/{id}: an import, its progress and report. */
export type { TProductImport as ImportSummary } from "@/client/hooks/use-product-import";
