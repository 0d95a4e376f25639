import { asc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { productUrls, products } from "@/db/schema";
import { dispatchTasks } from "@/lib/jobs/dispatch-tasks";
import { scheduleNewUrl } from "@/lib/jobs/compute-next-check";
import { enqueueScrape } from "@/lib/jobs/enqueue-scrape";
import { DUPLICATE_URL } from "./create-product";
import { HOURLY_NOT_ALLOWED, productLimitMessage, urlLimitMessage } from "./limit-messages";
import { lockOwnerPlan } from "./lock-owner-plan";
import type { TImportRow } from "./parse-import-file";
import { validateImportRow, type TValidImportRow } from "./validate-import-row";

export type TImportRefusal = { line: number; reason: string; product: string; url: string };

type Group = { key: string; name: string; description: string | null; rows: TValidImportRow[]; existingId?: string };

const CHUNK = 1000;
const keyOf = (name: string) => name.toLocaleLowerCase("fr-FR");
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("fr-FR")} ${n > 1 ? many : one}`;

/**
 * Creates products and URLs from import rows in ONE transaction (batched inserts), grouped by product name
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
  const summary = await db.transaction(async (tx) => {
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
        else if (firstLine !== undefined) refuse(row, `URL en double dans le fichier pour ce produit (déjà ligne ${firstLine})`);
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

    const idOf = new Map<Group, string>();
    for (const group of accepted.keys()) if (group.existingId) idOf.set(group, group.existingId);
    for (let i = 0; i < toCreate.length; i += CHUNK) {
      const batch = toCreate.slice(i, i + CHUNK);
      const inserted = await tx
        .insert(products)
        .values(
          batch.map((g, j) => ({
            userId,
            name: g.name,
            description: g.description,
            createdAt: sql`now() + ${i + j}::int * interval '1 microsecond'`,
          })),
        )
        .returning({ id: products.id });
      inserted.forEach((row, j) => idOf.set(batch[j]!, row.id));
    }

    const now = new Date();
    let order = 0;
    const urlValues = [...accepted.entries()].flatMap(([group, list]) =>
      list.map((row) => ({
        productId: idOf.get(group)!,
        userId,
        name: row.source,
        url: row.url,
        trackingFrequency: row.frequency,
        ...scheduleNewUrl(row.frequency, plan.hasAutomation, now),
        lastStatus: "pending" as const,
        // the transaction shares now(): a microsecond apart keeps the file's order in every list
        createdAt: sql`now() + ${order++}::int * interval '1 microsecond'`,
      })),
    );
    let createdUrls = 0;
    const tasks: { id: string; url: string }[] = [];
    for (let i = 0; i < urlValues.length; i += CHUNK) {
      const inserted = await tx
        .insert(productUrls)
        .values(urlValues.slice(i, i + CHUNK))
        .returning({ id: productUrls.id, productId: productUrls.productId, url: productUrls.url });
      createdUrls += inserted.length;
      const queued = await enqueueScrape(
        inserted.map((u) => ({ userId, urlId: u.id, productId: u.productId, url: u.url, trigger: "first" as const, priority: "low" as const })),
        tx,
      );
      for (const t of queued) tasks.push({ id: t.id, url: t.url });
    }
    return {
      created_products: toCreate.length,
      updated_products: accepted.size - toCreate.length,
      created_urls: createdUrls,
      tasks,
    };
  });
  // after commit, so the runner sees the tasks; a missed wake-up is caught by its sweep
  const { tasks, ...counts } = summary;
  await dispatchTasks(tasks).catch((error: unknown) => console.error("[products] dispatch des relevés importés", error));

  refused.sort((a, b) => a.line - b.line);
  const message =
    `Import terminé : ${plural(counts.created_urls, "URL ajoutée", "URLs ajoutées")}, ` +
    `${plural(counts.created_products, "produit créé", "produits créés")}, ` +
    `${plural(refused.length, "ligne refusée", "lignes refusées")}.`;
  return { total_rows: rows.length, ...counts, refused_count: refused.length, refused, message };
}
