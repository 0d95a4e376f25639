import { and, asc, count, eq, gte, inArray, sql } from "drizzle-orm";
import type { DbTx } from "@/db";
import {
  catalogFeedRunRows,
  catalogFeedRuns,
  productGtins,
  products,
  type TFeedCounts,
  type TFeedOutcome,
  type TFeedRow,
} from "@/db/schema";
import { lockOwnerPlan } from "@/lib/billing";
import { inTransaction, triggerJob } from "@/lib/jobs";
import { importedColumns, replaceGtins } from "@/lib/products";
import { FIELD_LABELS } from "./formats";
import { FEED_MSG } from "./messages";
import { type TValidFeedRow, validateFeedRow } from "./validate-feed-row";

/** Rows handled per transaction: other users' requests get their turn between two. */
export const FEED_BATCH = 500;

type TProduct = typeof products.$inferSelect;
type TResult = {
  idx: number;
  outcome: TFeedOutcome;
  reason: string | null;
  changes: string | null;
  productId: string | null;
};

const sameAmount = (a: string | null, b: string | undefined) =>
  b === undefined || (a !== null && Number(a) === Number(b));
const sameText = (a: string | null, b: string | null | undefined) => b === undefined || a === b;

/** The fields the row would change on the product (French labels), none when it is unchanged. */
function changedFields(p: TProduct, gtins: string[], row: TValidFeedRow): string[] {
  const id = row.identity;
  const changed: string[] = [];
  if (p.name !== row.name) changed.push(FIELD_LABELS.name);
  if (row.description !== null && p.description !== row.description) changed.push(FIELD_LABELS.description);
  if (id.gtins && id.gtins.map((g) => g.code).join(",") !== gtins.join(",")) changed.push(FIELD_LABELS.ean);
  if (!sameText(p.brand, id.brand)) changed.push(FIELD_LABELS.brand);
  if (!sameText(p.mpn, id.mpn)) changed.push(FIELD_LABELS.mpn);
  if (!sameText(p.category, id.category)) changed.push(FIELD_LABELS.category);
  if (id.tags && id.tags.join("\n") !== p.tags.join("\n")) changed.push(FIELD_LABELS.tags);
  if (!sameText(p.imageUrl, id.image_url)) changed.push(FIELD_LABELS.image);
  if (!sameAmount(p.costPrice, id.cost_price)) changed.push(FIELD_LABELS.cost_price);
  if (!sameAmount(p.referencePrice, id.reference_price)) changed.push(FIELD_LABELS.reference_price);
  if (!sameAmount(p.minAdvertisedPrice, id.min_advertised_price)) changed.push(FIELD_LABELS.min_price);
  return changed;
}

async function loadExisting(tx: DbTx, workspaceId: string, skus: string[]) {
  const found = skus.length
    ? await tx
        .select()
        .from(products)
        .where(and(eq(products.workspaceId, workspaceId), inArray(products.sku, skus)))
    : [];
  const codes = new Map<string, string[]>(found.map((p) => [p.id, []]));
  if (found.length) {
    const rows = await tx
      .select({ productId: productGtins.productId, code: productGtins.code })
      .from(productGtins)
      .where(
        and(
          eq(productGtins.workspaceId, workspaceId),
          inArray(
            productGtins.productId,
            found.map((p) => p.id),
          ),
        ),
      )
      .orderBy(asc(productGtins.productId), asc(productGtins.position));
    for (const r of rows) codes.get(r.productId)?.push(r.code);
  }
  return { bySku: new Map(found.map((p) => [p.sku!, p])), codes };
}

/**
 * Handles the run's next batch of rows in one transaction, under the owner's lock with the product limit checked
 * again: a SKU the workspace has is updated when a field differs ('changed') or left alone ('unchanged'), a new
 * one is created while the plan has room ('over_limit' after). The rows' outcomes, the run's cursor and counts
 * move in that same transaction. False when no row is left.
 */
export async function writeFeedBatch(runId: string): Promise<boolean> {
  const more = await inTransaction(async (tx) => {
    const [run] = await tx.select().from(catalogFeedRuns).where(eq(catalogFeedRuns.id, runId)).for("update");
    if (run?.status !== "running" || !run.loaded) return false;
    const workspaceId = run.workspaceId;
    const rows = await tx
      .select()
      .from(catalogFeedRunRows)
      .where(and(eq(catalogFeedRunRows.runId, runId), gte(catalogFeedRunRows.idx, run.cursor)))
      .orderBy(asc(catalogFeedRunRows.idx))
      .limit(FEED_BATCH);
    if (rows.length === 0) return false;
    const pending = rows.flatMap((r) => {
      const checked = r.outcome === null && r.data ? validateFeedRow(r.data as TFeedRow) : null;
      return checked?.ok ? [{ idx: r.idx, row: checked.data }] : [];
    });
    const plan = await lockOwnerPlan(tx, workspaceId);
    const { bySku, codes } = await loadExisting(
      tx,
      workspaceId,
      pending.map((p) => p.row.identity.sku),
    );
    const results: TResult[] = [];
    const fresh: typeof pending = [];
    for (const p of pending) {
      const existing = bySku.get(p.row.identity.sku);
      if (!existing) {
        fresh.push(p);
        continue;
      }
      const changes = changedFields(existing, codes.get(existing.id) ?? [], p.row);
      if (changes.length === 0) {
        results.push({ idx: p.idx, outcome: "unchanged", reason: null, changes: null, productId: existing.id });
        continue;
      }
      await tx
        .update(products)
        .set({
          name: p.row.name,
          ...(p.row.description !== null ? { description: p.row.description } : {}),
          ...importedColumns(p.row.identity),
          updatedAt: sql`now()`,
        })
        .where(and(eq(products.id, existing.id), eq(products.workspaceId, workspaceId)));
      if (p.row.identity.gtins) await replaceGtins(tx, workspaceId, existing.id, p.row.identity.gtins);
      // a new minimum advertised price re-judges the product's latest readings, as an edit does
      if (!sameAmount(existing.minAdvertisedPrice, p.row.identity.min_advertised_price))
        await triggerJob("evaluateFloorChange", { productId: existing.id }, { tx });
      results.push({
        idx: p.idx,
        outcome: "changed",
        reason: null,
        changes: changes.join(", "),
        productId: existing.id,
      });
    }
    if (fresh.length > 0) {
      let room = fresh.length;
      if (plan.maxProducts !== null) {
        const [owned] = await tx.select({ n: count() }).from(products).where(eq(products.workspaceId, workspaceId));
        room = Math.max(0, plan.maxProducts - Number(owned?.n ?? 0));
      }
      const allowed = fresh.slice(0, room);
      for (const p of fresh.slice(room)) {
        const reason = FEED_MSG.overLimit(plan.maxProducts ?? 0);
        results.push({ idx: p.idx, outcome: "over_limit", reason, changes: null, productId: null });
      }
      if (allowed.length > 0) {
        const inserted = await tx
          .insert(products)
          .values(
            allowed.map((p, j) => ({
              workspaceId,
              name: p.row.name,
              description: p.row.description,
              ...importedColumns(p.row.identity),
              // a microsecond apart keeps the feed's order in every list
              createdAt: sql`now() + ${j}::int * interval '1 microsecond'`,
            })),
          )
          .returning({ id: products.id });
        for (const [j, created] of inserted.entries()) {
          const p = allowed[j]!;
          if (p.row.identity.gtins) await replaceGtins(tx, workspaceId, created.id, p.row.identity.gtins);
          results.push({ idx: p.idx, outcome: "new", reason: null, changes: null, productId: created.id });
        }
      }
    }
    if (results.length > 0) {
      await tx.execute(sql`
        update catalog_feed_run_rows r
        set outcome = v.outcome, reason = v.reason, changes = v.changes, product_id = v.product_id, data = null
        from jsonb_to_recordset(${JSON.stringify(results.map((r) => ({ ...r, product_id: r.productId })))}::jsonb)
          as v(idx int, outcome text, reason text, changes text, product_id uuid)
        where r.run_id = ${runId} and r.idx = v.idx`);
    }
    const counts: TFeedCounts = { ...run.counts };
    for (const r of results) counts[r.outcome]++;
    await tx
      .update(catalogFeedRuns)
      .set({
        cursor: rows[rows.length - 1]!.idx + 1,
        done: run.done + rows.length,
        counts,
        failures: 0,
        updatedAt: sql`now()`,
      })
      .where(eq(catalogFeedRuns.id, runId));
    return true;
  });
  // other requests (on the embedded database's single connection too) get their turn between two batches
  await new Promise((resolve) => setImmediate(resolve));
  return more;
}
