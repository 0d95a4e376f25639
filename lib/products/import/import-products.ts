import { asc, count, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls, products } from "@/db/schema";
import { dispatchTasks } from "@/lib/jobs/dispatch-tasks";
import { scheduleNewUrl } from "@/lib/jobs/compute-next-check";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { DUPLICATE_URL } from "@/lib/products/create-product";
import { HOURLY_NOT_ALLOWED, productLimitMessage, urlLimitMessage } from "@/lib/products/limits/limit-messages";
import { lockOwnerPlan } from "@/lib/billing/plans/lock-owner-plan";
import type { TImportRow } from "./parse-import-file";
import { validateImportRow, type TValidImportRow } from "./validate-import-row";

export type TImportRefusal = { line: number; reason: string; product: string; url: string };

type Group = { key: string; name: string; description: string | null; rows: TValidImportRow[]; existingId?: string };

const CHUNK = 1000;
const WRITE_BATCH = 250;
const IMPORT_FIRST_SCRAPES_PER_SECOND = 5;
const keyOf = (name: string) => name.toLocaleLowerCase("fr-FR");
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("fr-FR")} ${n > 1 ? many : one}`;

/**
 * Creates products and URLs from import rows in transactions of at most 250 URLs, grouped by product name
 * (case-insensitive; an existing product of that name receives the URLs). Rows that fail validation, repeat a
 * URL or exceed the plan are refused with their line number and reason; the others are created.
 */
export async function importProducts(userId: string, rows: TImportRow[]) {
  const refused: TImportRefusal[] = [];
  const refuse = (row: { line: number; product: string; url: string }, reason: string) =>
    refused.push({ line: row.line, reason, product: row.product, url: row.url });

  const valid: TValidImportRow[] = [];
  for (const row of rows) {
    const checked = validateImportRow(row);
    if (checked.ok) valid.push(checked.data);
    else refuse(row, checked.reason);
  }

  const db = await getDb();
  const planned = await db.transaction(async (tx) => {
    const plan = await lockOwnerPlan(tx, userId);
    const owned = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.userId, userId))
      .orderBy(asc(products.createdAt));
    const existingByKey = new Map<string, string>();
    for (const p of owned) if (!existingByKey.has(keyOf(p.name))) existingByKey.set(keyOf(p.name), p.id);

    const groups = new Map<string, Group>();
    for (const row of valid) {
      if (row.frequency === "hourly" && !plan.hasAutomation) {
        refuse(row, HOURLY_NOT_ALLOWED);
        continue;
      }
      const key = keyOf(row.product);
      let group = groups.get(key);
      if (!group) {
        group = { key, name: row.product, description: null, rows: [], existingId: existingByKey.get(key) };
        groups.set(key, group);
      }
      group.description ??= row.description;
      group.rows.push(row);
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
    const toCreate: Group[] = [];
    const accepted = new Map<Group, TValidImportRow[]>();
    for (const group of groups.values()) {
      const known = group.existingId ? (existingUrls.get(group.existingId) ?? new Set<string>()) : new Set<string>();
      const fromFile = new Map<string, number>();
      const keep: TValidImportRow[] = [];
      for (const row of group.rows) {
        const firstLine = fromFile.get(row.url);
        if (known.has(row.url)) refuse(row, DUPLICATE_URL);
        else if (firstLine !== undefined)
          refuse(row, `URL en double dans le fichier pour ce produit (déjà ligne ${firstLine})`);
        else if (plan.maxUrlsPerProduct !== null && known.size + keep.length >= plan.maxUrlsPerProduct) {
          refuse(row, urlLimitMessage(plan.maxUrlsPerProduct));
        } else {
          fromFile.set(row.url, row.line);
          keep.push(row);
        }
      }
      if (keep.length === 0) continue;
      if (!group.existingId) {
        if (plan.maxProducts !== null && productCount >= plan.maxProducts) {
          for (const row of keep) refuse(row, productLimitMessage(plan.maxProducts));
          continue;
        }
        productCount++;
        toCreate.push(group);
      }
      accepted.set(group, keep);
    }

    return { plan, toCreate, accepted };
  });

  // Written in small transactions, each under the owner's lock with the limits checked again: other requests
  // (on the embedded database's single connection too) get their turn between two batches.
  const idOf = new Map<Group, string>();
  for (const group of planned.accepted.keys()) if (group.existingId) idOf.set(group, group.existingId);
  const creating = new Set(planned.toCreate);
  const pieces: [Group, TValidImportRow[]][] = [];
  for (const [group, list] of planned.accepted) {
    for (let i = 0; i < list.length; i += WRITE_BATCH) pieces.push([group, list.slice(i, i + WRITE_BATCH)]);
  }
  const counts = {
    created_products: 0,
    updated_products: [...planned.accepted.keys()].filter((g) => g.existingId).length,
    created_urls: 0,
  };
  let queuedCount = 0;
  let batch: [Group, TValidImportRow[]][] = [];
  let batchSize = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    batchSize = 0;
    const tasks = await db.transaction(async (tx) => {
      const plan = await lockOwnerPlan(tx, userId);
      const fresh = [...new Set(current.map(([g]) => g))].filter((g) => creating.has(g) && !idOf.has(g));
      if (fresh.length > 0) {
        let room = Number.MAX_SAFE_INTEGER;
        if (plan.maxProducts !== null) {
          const [owned] = await tx.select({ n: count() }).from(products).where(eq(products.userId, userId));
          room = plan.maxProducts - Number(owned?.n ?? 0);
        }
        const allowed = fresh.slice(0, Math.max(0, room));
        for (const g of fresh.slice(allowed.length)) creating.delete(g);
        if (allowed.length > 0) {
          const inserted = await tx
            .insert(products)
            .values(
              allowed.map((g, j) => ({
                userId,
                name: g.name,
                description: g.description,
                createdAt: sql`now() + ${j}::int * interval '1 microsecond'`,
              })),
            )
            .returning({ id: products.id });
          inserted.forEach((row, j) => idOf.set(allowed[j]!, row.id));
          counts.created_products += inserted.length;
        }
      }
      const writable = current.filter(([g, list]) => {
        if (idOf.has(g)) return true;
        for (const row of list) refuse(row, productLimitMessage(plan.maxProducts ?? 0));
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
              writable.map(([g]) => idOf.get(g)!),
            ),
          )
          .groupBy(productUrls.productId);
        for (const f of found) urlCount.set(f.productId, Number(f.n));
      }
      const now = new Date();
      let order = 0;
      const values = writable.flatMap(([group, list]) => {
        const productId = idOf.get(group)!;
        return list.flatMap((row) => {
          const n = urlCount.get(productId) ?? 0;
          if (plan.maxUrlsPerProduct !== null && n >= plan.maxUrlsPerProduct) {
            refuse(row, urlLimitMessage(plan.maxUrlsPerProduct));
            return [];
          }
          urlCount.set(productId, n + 1);
          return [
            {
              row,
              value: {
                productId,
                userId,
                name: row.source,
                url: row.url,
                trackingFrequency: row.frequency,
                ...scheduleNewUrl(row.frequency, plan.hasAutomation, now),
                lastStatus: "pending" as const,
                // a microsecond apart keeps the file's order in every list
                createdAt: sql`now() + ${order++}::int * interval '1 microsecond'`,
              },
            },
          ];
        });
      });
      if (values.length === 0) return [];
      const inserted = await tx
        .insert(productUrls)
        .values(values.map((v) => v.value))
        .onConflictDoNothing({ target: [productUrls.productId, productUrls.url] })
        .returning({ id: productUrls.id, productId: productUrls.productId, url: productUrls.url });
      const kept = new Set(inserted.map((u) => `${u.productId} ${u.url}`));
      for (const v of values) if (!kept.has(`${v.value.productId} ${v.value.url}`)) refuse(v.row, DUPLICATE_URL);
      counts.created_urls += inserted.length;
      return enqueueScrape(
        inserted.map((u) => ({
          userId,
          urlId: u.id,
          productId: u.productId,
          url: u.url,
          trigger: "first" as const,
          priority: "low" as const,
          // spread over time: a 10,000-row file is not 10,000 immediate fetches
          runAt: new Date(now.getTime() + Math.floor(queuedCount++ / IMPORT_FIRST_SCRAPES_PER_SECOND) * 1000),
        })),
        tx,
      );
    });
    // after commit, so the runner sees the tasks; a missed wake-up is caught by its sweep
    await dispatchTasks(tasks).catch((error: unknown) =>
      console.error("[products] dispatch des relevés importés", error),
    );
    await new Promise((resolve) => setImmediate(resolve));
  };
  for (const piece of pieces) {
    if (batchSize + piece[1].length > WRITE_BATCH) await flush();
    batch.push(piece);
    batchSize += piece[1].length;
  }
  await flush();

  refused.sort((a, b) => a.line - b.line);
  const message =
    `Import terminé : ${plural(counts.created_urls, "URL ajoutée", "URLs ajoutées")}, ` +
    `${plural(counts.created_products, "produit créé", "produits créés")}, ` +
    `${plural(refused.length, "ligne refusée", "lignes refusées")}.`;
  return { total_rows: rows.length, ...counts, refused_count: refused.length, refused, message };
}
