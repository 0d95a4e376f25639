import { eq } from "drizzle-orm";
import type { DbTx } from "@/db";
import { productGtins, type products, type TImportIdentity } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import type { TGtin } from "./gtin";

type TIdentityInput = {
  sku?: string | null;
  brand?: string | null;
  mpn?: string | null;
  category?: string | null;
  tags?: string[];
  image_url?: string | null;
  cost_price?: string | null;
};

/** The product columns of the identity fields given (absent ones left out: unchanged). */
export function identityColumns(input: TIdentityInput): Partial<typeof products.$inferInsert> {
  const columns: Partial<typeof products.$inferInsert> = {};
  if (input.sku !== undefined) columns.sku = input.sku;
  if (input.brand !== undefined) columns.brand = input.brand;
  if (input.mpn !== undefined) columns.mpn = input.mpn;
  if (input.category !== undefined) columns.category = input.category;
  if (input.tags !== undefined) columns.tags = input.tags;
  if (input.image_url !== undefined) columns.imageUrl = input.image_url;
  if (input.cost_price !== undefined) columns.costPrice = input.cost_price;
  return columns;
}

/** The product's EAN/GTIN codes become `gtins`, in that order. */
export async function replaceGtins(tx: DbTx, workspaceId: string, productId: string, gtins: TGtin[]) {
  await tx.delete(productGtins).where(eq(productGtins.productId, productId));
  if (gtins.length === 0) return;
  await tx
    .insert(productGtins)
    .values(gtins.map((g, position) => ({ productId, workspaceId, gtin: g.gtin, code: g.code, position })));
}

/** `error` as a duplicate_sku AppError when it is the unique index on (workspace, sku), else unchanged. */
export function asDuplicateSku(error: unknown): unknown {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const { code, constraint_name, constraint } = e as Record<string, unknown>;
    if (code === "23505" && (constraint_name ?? constraint) === "products_workspace_sku_unique") {
      return new AppError("duplicate_sku");
    }
    e = (e as { cause?: unknown }).cause;
  }
  return error;
}

/** The product columns an import row sets (identity, 'mon prix', prix minimum); blank cells are absent. */
export function importedColumns(identity: TImportIdentity): Partial<typeof products.$inferInsert> {
  return {
    ...identityColumns(identity),
    ...(identity.reference_price !== undefined ? { referencePrice: identity.reference_price } : {}),
    ...(identity.min_advertised_price !== undefined ? { minAdvertisedPrice: identity.min_advertised_price } : {}),
  };
}
