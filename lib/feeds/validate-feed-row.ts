import type { TFeedRow, TImportIdentity } from "@/db/schema";
import { checkIdentity } from "@/lib/products";
import { PRODUCT_MSG, zProductName } from "@/lib/products/schemas";
import { FEED_MSG } from "./messages";

export type TValidFeedRow = { name: string; description: string | null; identity: TImportIdentity & { sku: string } };

const MAX_DESCRIPTION = 2000;

/**
 * A feed row checked by the API's rules (the import's identity check): a SKU and a name are required; a blank
 * cell says nothing. A value that looks like a formula is text like any other (never evaluated here, neutralised
 * in the exports). The reason is the first French error.
 */
export function validateFeedRow(row: TFeedRow): { ok: true; data: TValidFeedRow } | { ok: false; reason: string } {
  if (!row.sku) return { ok: false, reason: FEED_MSG.skuMissing };
  const name = zProductName.safeParse(row.name);
  if (!name.success) return { ok: false, reason: name.error.issues[0]?.message ?? PRODUCT_MSG.nameRequired };
  const checked = checkIdentity({
    line: row.line,
    product: row.name,
    description: "",
    source: "",
    url: "",
    frequency: "",
    sku: row.sku,
    ean: row.ean,
    brand: row.brand,
    mpn: row.mpn,
    category: row.category,
    tags: row.tags,
    image: row.image,
    costPrice: row.cost_price,
    referencePrice: row.reference_price,
    minPrice: row.min_price,
    ...(row.ean_error ? { eanError: row.ean_error } : {}),
  });
  if (!checked.ok) return checked;
  if (!checked.identity.sku) return { ok: false, reason: FEED_MSG.skuMissing };
  const description = row.description.trim().slice(0, MAX_DESCRIPTION) || null;
  return {
    ok: true,
    data: { name: name.data, description, identity: checked.identity as TValidFeedRow["identity"] },
  };
}
