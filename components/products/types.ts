import type { TFrequency } from "@/lib/products/schemas";

// The JSON answers of /api/products (dates as ISO strings).
export type ProductUrl = {
  id: string;
  product_id: string;
  name: string;
  url: string;
  tracking_frequency: TFrequency;
  selector: string | null;
  last_status: "pending" | "ok" | "no_price" | "blocked" | "unreachable" | "error" | "paused";
  last_error: string | null;
  last_checked_at: string | null;
  next_check_at: string | null;
  paused: boolean;
  created_at: string;
  latest: { price: string | null; currency: string | null; available: boolean; created_at: string } | null;
};

export type Product = {
  id: string;
  name: string;
  description: string | null;
  reference_price: string | null;
  created_at: string;
  updated_at: string;
  url_count: number;
  urls: ProductUrl[];
};

/** The plan limits that apply to the signed-in user (null = unlimited). */
export type PlanLimits = {
  planName: string;
  maxProducts: number | null;
  maxUrlsPerProduct: number | null;
  hasAutomation: boolean;
};

export type ImportSummary = {
  total_rows: number;
  created_products: number;
  updated_products: number;
  created_urls: number;
  refused_count: number;
  refused: { line: number; reason: string; product: string; url: string }[];
  message: string;
};
