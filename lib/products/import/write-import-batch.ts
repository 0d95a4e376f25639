import { count, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { queryRows } from "@/db";
import { productImports, productUrls, products, type TImportFileRow, type TImportRefusalRow } from "@/db/schema";
import { lockOwnerPlan } from "@/lib/billing";
import { scheduleNewUrl } from "@/lib/jobs";
import { inTransaction } from "@/lib/jobs";
import { requestScrapes } from "@/lib/jobs";
import { DUPLICATE_URL } from "@/lib/products/create-product";
import { productLimitMessage, urlLimitMessage } from "@/lib/products/limits/limit-messages";
import { importedColumns, replaceGtins } from "@/lib/products/identity/write-identity";
import { validateImportRow, type TValidImportRow } from "./validate-import-row";

const IMPORT_FIRST_SCRAPES_PER_SECOND = 5;

// the file's rows are read batch by batch (pickRows), not all of them for every batch
const { rows: _rows, ...IMPORT_COLUMNS } = getTableColumns(productImports);

/**
 * Writes the import's next batch in one transaction, under the owner's lock with the plan limits checked
 * again, and moves the import's cursor in that same transaction: a run that dies before the commit leaves
 * nothing of the batch, one that dies after it never writes it again. Marks the import done once no batch is
 * left. False when there is nothing more to do.
 */
export async function writeImportBatch(importId: string): Promise<boolean> {
  const more = await inTransaction(async (tx) => {
    const [job] = await tx
      .select(IMPORT_COLUMNS)
      .from(productImports)
      .where(eq(productImports.id, importId))
      .for("update");
    if (!job?.plan || job.status !== "running") return false;
    const batch = job.plan.batches[job.cursor];
    if (!batch) {
      await tx
        .update(productImports)
        .set({ status: "done", finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(productImports.id, importId));
      return false;
    }
    const workspaceId = job.workspaceId;
    const refused: TImportRefusalRow[] = [];
    const refuse = (row: TValidImportRow, reason: string) =>
      refused.push({ line: row.line, reason, product: row.product, url: row.url });
    const plan = await lockOwnerPlan(tx, workspaceId);
    const productIds = { ...job.productIds };

    let createdProducts = 0;
    const fresh = [...new Set(batch.map((p) => p.group))].filter((g) => !productIds[g]);
    if (fresh.length > 0) {
      let room = Number.MAX_SAFE_INTEGER;
      if (plan.maxProducts !== null) {
        const [owned] = await tx.select({ n: count() }).from(products).where(eq(products.workspaceId, workspaceId));
        room = plan.maxProducts - Number(owned?.n ?? 0);
      }
      const allowed = fresh.slice(0, Math.max(0, room));
      if (allowed.length > 0) {
        const inserted = await tx
          .insert(products)
          .values(
            allowed.map((g, j) => ({
              workspaceId,
              name: job.plan!.groups[g]!.name,
              description: job.plan!.groups[g]!.description,
              ...importedColumns(job.plan!.groups[g]!.identity ?? {}),
              createdAt: sql`now() + ${j}::int * interval '1 microsecond'`,
            })),
          )
          .returning({ id: products.id });
        for (const [j, row] of inserted.entries()) {
          productIds[allowed[j]!] = row.id;
          const gtins = job.plan!.groups[allowed[j]!]!.identity?.gtins;
          if (gtins) await replaceGtins(tx, workspaceId, row.id, gtins);
        }
        createdProducts = inserted.length;
      }
    }
    const indexes = batch.flatMap((p) => p.rows);
    const [picked] = await queryRows<{ rows: TImportFileRow[] }>(
      tx,
      sql`select coalesce(jsonb_agg(p.rows -> i.n order by i.k), '[]'::jsonb) as rows
          from product_imports p cross join unnest(${`{${indexes.join(",")}}`}::int[])
            with ordinality as i(n, k)
          where p.id = ${importId}`,
    );
    const fileRow = new Map(indexes.map((n, k) => [n, picked!.rows[k]!]));
    const rowsOf = (list: number[]) =>
      list.flatMap((i) => {
        const checked = validateImportRow(fileRow.get(i)!);
        return checked.ok ? [checked.data] : [];
      });
    const writable = batch.filter((piece) => {
      if (productIds[piece.group]) return true;
      for (const row of rowsOf(piece.rows)) refuse(row, productLimitMessage(plan.maxProducts ?? 0));
      return false;
    });
    const urlCount = new Map<string, number>();
    if (plan.maxUrlsPerProduct !== null && writable.length > 0) {
      const found = await tx
        .select({ productId: productUrls.productId, n: count() })
        .from(productUrls)
        .where(
          inArray(
            productUrls.productId,
            writable.map((p) => productIds[p.group]!),
          ),
        )
        .groupBy(productUrls.productId);
      for (const f of found) urlCount.set(f.productId, Number(f.n));
    }
    const now = new Date();
    let order = 0;
    const values = writable.flatMap((piece) => {
      const productId = productIds[piece.group]!;
      return rowsOf(piece.rows).flatMap((row) => {
        const n = urlCount.get(productId) ?? 0;
        if (plan.maxUrlsPerProduct !== null && n >= plan.maxUrlsPerProduct) {
          refuse(row, urlLimitMessage(plan.maxUrlsPerProduct));
          return [];
        }
        urlCount.set(productId, n + 1);
        const value = {
          productId,
          workspaceId,
          name: row.source,
          url: row.url,
          trackingFrequency: row.frequency,
          ...scheduleNewUrl(row.frequency, plan.hasAutomation, now),
          lastStatus: "pending" as const,
          // a microsecond apart keeps the file's order in every list
          createdAt: sql`now() + ${order++}::int * interval '1 microsecond'`,
        };
        return [{ row, value }];
      });
    });
    let createdUrls = 0;
    if (values.length > 0) {
      const inserted = await tx
        .insert(productUrls)
        .values(values.map((v) => v.value))
        .onConflictDoNothing({ target: [productUrls.productId, productUrls.url] })
        .returning({ id: productUrls.id, productId: productUrls.productId, url: productUrls.url });
      const kept = new Set(inserted.map((u) => `${u.productId} ${u.url}`));
      for (const v of values) if (!kept.has(`${v.value.productId} ${v.value.url}`)) refuse(v.row, DUPLICATE_URL);
      createdUrls = inserted.length;
      // spread over time from the import's start: a 10,000-row file is not 10,000 immediate fetches
      const start = job.createdAt.getTime();
      await requestScrapes(
        inserted.map((u, k) => ({
          workspaceId,
          urlId: u.id,
          productId: u.productId,
          url: u.url,
          runAt: new Date(start + Math.floor((job.createdUrls + k) / IMPORT_FIRST_SCRAPES_PER_SECOND) * 1000),
        })),
        { tx, reason: "first", priority: "low" },
      );
    }
    await tx
      .update(productImports)
      .set({
        cursor: job.cursor + 1,
        done: job.done + batch.reduce((n, p) => n + p.rows.length, 0),
        refused: [...job.refused, ...refused],
        productIds,
        createdProducts: job.createdProducts + createdProducts,
        createdUrls: job.createdUrls + createdUrls,
        failures: 0,
        updatedAt: sql`now()`,
      })
      .where(eq(productImports.id, importId));
    return true;
  });
  // other requests (on the embedded database's single connection too) get their turn between two batches
  await new Promise((resolve) => setImmediate(resolve));
  return more;
}
