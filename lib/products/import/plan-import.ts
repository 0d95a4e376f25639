import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  productImports,
  productUrls,
  products,
  type TImportIdentity,
  type TImportPlan,
  type TImportRefusalRow,
} from "@/db/schema";
import { triggerJob } from "@/lib/jobs";
import { IDENTITY_MSG } from "@/lib/products/identity/schemas";
import { importedColumns, replaceGtins } from "@/lib/products/identity/write-identity";
import { lockOwnerPlan } from "@/lib/billing";
import { inTransaction } from "@/lib/jobs";
import { DUPLICATE_URL } from "@/lib/products/create-product";
import { HOURLY_NOT_ALLOWED, productLimitMessage, urlLimitMessage } from "@/lib/products/limits/limit-messages";
import { validateImportRow, type TValidImportRow } from "./validate-import-row";

const CHUNK = 1000;
/** URLs written per transaction: other requests get their turn between two. */
export const IMPORT_WRITE_BATCH = 250;

export const importGroupKey = (name: string) => name.toLocaleLowerCase("fr-FR");

type TGroup = {
  key: string;
  name: string;
  description: string | null;
  rows: number[];
  existingId: string | null;
  identity: TImportIdentity;
};

/**
 * The import's plan, made once (a second call is a no-op): rows grouped by product name (case-insensitive; an
 * existing product of that name receives the URLs), refused with their line and reason when they fail
 * validation, repeat a URL or exceed the plan, the others cut into batches of at most 250 URLs.
 */
export async function planImport(importId: string): Promise<void> {
  await inTransaction(async (tx) => {
    const [job] = await tx.select().from(productImports).where(eq(productImports.id, importId)).for("update");
    if (!job || job.plan) return;
    const refused: TImportRefusalRow[] = [];
    const refuse = (i: number, reason: string) => {
      const row = job.rows[i]!;
      refused.push({ line: row.line, reason, product: row.product, url: row.url });
    };
    const valid = new Map<number, TValidImportRow>();
    job.rows.forEach((row, i) => {
      const checked = validateImportRow(row);
      if (checked.ok) valid.set(i, checked.data);
      else refuse(i, checked.reason);
    });

    const plan = await lockOwnerPlan(tx, job.workspaceId);
    const owned = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.workspaceId, job.workspaceId))
      .orderBy(asc(products.createdAt));
    const existingByKey = new Map<string, string>();
    for (const p of owned)
      if (!existingByKey.has(importGroupKey(p.name))) existingByKey.set(importGroupKey(p.name), p.id);

    // a SKU names one product of the workspace: another product's SKU refuses the row
    const skuOwner = new Map<string, string>();
    const fileSkus = [...new Set([...valid.values()].flatMap((r) => (r.identity.sku ? [r.identity.sku] : [])))];
    for (let i = 0; i < fileSkus.length; i += CHUNK) {
      const found = await tx
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(and(eq(products.workspaceId, job.workspaceId), inArray(products.sku, fileSkus.slice(i, i + CHUNK))));
      for (const p of found) if (p.sku) skuOwner.set(p.sku, p.id);
    }
    const skuClaims = new Map<string, { key: string; line: number }>();

    const groups = new Map<string, TGroup>();
    for (const [i, row] of valid) {
      if (row.frequency === "hourly" && !plan.hasAutomation) {
        refuse(i, HOURLY_NOT_ALLOWED);
        continue;
      }
      const key = importGroupKey(row.product);
      const existingId = groups.get(key)?.existingId ?? existingByKey.get(key) ?? null;
      const sku = row.identity.sku;
      if (sku) {
        const owner = skuOwner.get(sku);
        const claim = skuClaims.get(sku);
        if (owner && owner !== existingId) {
          refuse(i, IDENTITY_MSG.duplicateSku);
          continue;
        }
        if (claim && claim.key !== key) {
          refuse(i, `${IDENTITY_MSG.duplicateSku} (ligne ${claim.line})`);
          continue;
        }
        const given = groups.get(key)?.identity.sku;
        if (given && given !== sku) {
          refuse(i, `Ce produit a déjà la référence (SKU) « ${given} » (ligne ${skuClaims.get(given)?.line})`);
          continue;
        }
        skuClaims.set(sku, claim ?? { key, line: row.line });
      }
      let group = groups.get(key);
      if (!group) {
        group = { key, name: row.product, description: null, rows: [], existingId, identity: {} };
        groups.set(key, group);
      }
      group.description ??= row.description;
      // each field from the first row that gives it
      group.identity = { ...row.identity, ...group.identity };
      group.rows.push(i);
    }

    // an existing product takes the file's identity now, whether or not its rows add URLs
    for (const group of groups.values()) {
      if (!group.existingId || Object.keys(group.identity).length === 0) continue;
      const productId = group.existingId;
      await tx
        .update(products)
        .set({ ...importedColumns(group.identity), updatedAt: sql`now()` })
        .where(and(eq(products.id, productId), eq(products.workspaceId, job.workspaceId)));
      if (group.identity.gtins) await replaceGtins(tx, job.workspaceId, productId, group.identity.gtins);
      if (group.identity.min_advertised_price !== undefined)
        await triggerJob("evaluateFloorChange", { productId }, { tx });
    }

    const existingIds = [...groups.values()].flatMap((g) => (g.existingId ? [g.existingId] : []));
    const existingUrls = new Map<string, Set<string>>();
    for (let i = 0; i < existingIds.length; i += CHUNK) {
      const found = await tx
        .select({ productId: productUrls.productId, url: productUrls.url })
        .from(productUrls)
        .where(inArray(productUrls.productId, existingIds.slice(i, i + CHUNK)));
      for (const u of found) {
        if (!existingUrls.has(u.productId)) existingUrls.set(u.productId, new Set());
        existingUrls.get(u.productId)!.add(u.url);
      }
    }

    let productCount = owned.length;
    const pieces: { group: string; rows: number[] }[] = [];
    const planGroups: TImportPlan["groups"] = {};
    const productIds: Record<string, string> = {};
    for (const group of groups.values()) {
      const known = group.existingId ? (existingUrls.get(group.existingId) ?? new Set<string>()) : new Set<string>();
      const fromFile = new Map<string, number>();
      const keep: number[] = [];
      for (const i of group.rows) {
        const row = valid.get(i)!;
        const firstLine = fromFile.get(row.url);
        if (known.has(row.url)) refuse(i, DUPLICATE_URL);
        else if (firstLine !== undefined)
          refuse(i, `URL en double dans le fichier pour ce produit (déjà ligne ${firstLine})`);
        else if (plan.maxUrlsPerProduct !== null && known.size + keep.length >= plan.maxUrlsPerProduct) {
          refuse(i, urlLimitMessage(plan.maxUrlsPerProduct));
        } else {
          fromFile.set(row.url, row.line);
          keep.push(i);
        }
      }
      if (keep.length === 0) continue;
      if (!group.existingId) {
        if (plan.maxProducts !== null && productCount >= plan.maxProducts) {
          for (const i of keep) refuse(i, productLimitMessage(plan.maxProducts));
          continue;
        }
        productCount++;
      } else {
        productIds[group.key] = group.existingId;
      }
      planGroups[group.key] = {
        name: group.name,
        description: group.description,
        existingId: group.existingId,
        identity: group.identity,
      };
      for (let i = 0; i < keep.length; i += IMPORT_WRITE_BATCH) {
        pieces.push({ group: group.key, rows: keep.slice(i, i + IMPORT_WRITE_BATCH) });
      }
    }

    const batches: TImportPlan["batches"] = [];
    let size = IMPORT_WRITE_BATCH;
    for (const piece of pieces) {
      if (size + piece.rows.length > IMPORT_WRITE_BATCH) {
        batches.push([]);
        size = 0;
      }
      batches.at(-1)!.push(piece);
      size += piece.rows.length;
    }
    await tx
      .update(productImports)
      .set({
        plan: { groups: planGroups, batches },
        status: "running",
        refused,
        done: refused.length,
        productIds,
        updatedProducts: Object.keys(productIds).length,
        updatedAt: sql`now()`,
      })
      .where(eq(productImports.id, importId));
  });
}
