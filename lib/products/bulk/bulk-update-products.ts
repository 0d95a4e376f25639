import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbLike, queryRows } from "@/db";
import { productUrls, products } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { getWorkspacePlan } from "@/lib/billing";
import { AppError } from "@/lib/errors/app-error";
import { computeNextCheck } from "@/lib/jobs";
import { IDENTITY_MSG } from "@/lib/products/identity/schemas";
import { planLimitError } from "@/lib/products/limits/plan-limit-error";
import type { ZBulkProducts } from "./bulk-schema";

/** The reason of a pause asked from the products screen: only these pauses are lifted by 'resume'. */
export const USER_PAUSE_REASON = "Suivi mis en pause depuis la liste des produits";

type TBulk = ReturnType<typeof ZBulkProducts.parse>;

const MESSAGES = {
  tag: "Étiquettes mises à jour",
  pause: "Suivi mis en pause",
  resume: "Suivi repris",
  frequency: "Fréquence mise à jour",
  delete: "Produits supprimés",
} as const;

/**
 * One action on a selection of the workspace's products, in one transaction with one audit event: ids of another
 * workspace (or deleted meanwhile) are ignored; none of the workspace's is a 404 and nothing changes.
 */
export async function bulkUpdateProducts(workspaceId: string, input: TBulk) {
  const db = await getDb();
  const hasAutomation = input.action === "frequency" ? (await getWorkspacePlan(workspaceId, db)).hasAutomation : true;
  if (input.action === "frequency" && input.tracking_frequency === "hourly" && !hasAutomation)
    throw planLimitError("hourly");
  return db.transaction(async (tx) => {
    // the selection, locked: a product deleted by someone else meanwhile is simply not in it
    const mine = await tx
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(and(eq(products.workspaceId, workspaceId), inArray(products.id, input.ids)))
      .orderBy(products.id)
      .for("update");
    if (mine.length === 0) throw new AppError("product_not_found");
    const ids = mine.map((p) => p.id);
    const changed = await apply(tx, workspaceId, ids, input, hasAutomation);
    const { ids: _ids, action, ...details } = input;
    await recordAudit(
      tx,
      workspaceId,
      `product.bulk_${action}`,
      { type: "product" },
      {
        ...details,
        count: ids.length,
        ids,
        ...(action === "delete" ? { names: mine.map((p) => p.name) } : {}),
      },
    );
    return { action, matched: ids.length, changed, message: MESSAGES[action] };
  });
}

/** A text[] literal of bound values (drizzle would spread a JS array into a row). */
const textArray = (list: string[]) =>
  list.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        list.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`;

async function apply(tx: DbLike, workspaceId: string, ids: string[], input: TBulk, hasAutomation: boolean) {
  const scope = and(eq(productUrls.workspaceId, workspaceId), inArray(productUrls.productId, ids));
  switch (input.action) {
    case "tag": {
      const remove = input.remove.map((t) => t.toLocaleLowerCase("fr-FR"));
      // first spelling kept, each tag once whatever its case, as zTags keeps a product's own list
      const rows = await queryRows<{ id: string; n: number }>(
        tx,
        sql`update products p
               set tags = t.tags, updated_at = now()
              from (
                select p2.id, coalesce(array_agg(s.tag order by s.o), '{}'::text[]) as tags
                  from products p2
                  left join lateral (
                    select distinct on (lower(x.tag)) x.tag, x.o
                      from unnest(p2.tags || ${textArray(input.add)}) with ordinality x(tag, o)
                     where lower(x.tag) <> all(${textArray(remove)})
                     order by lower(x.tag), x.o
                  ) s on true
                 where p2.workspace_id = ${workspaceId} and p2.id = any(${textArray(ids)}::uuid[])
                 group by p2.id
              ) t
             where p.id = t.id and p.workspace_id = ${workspaceId} and p.tags is distinct from t.tags
         returning p.id, cardinality(p.tags) as n`,
      );
      if (rows.some((r) => Number(r.n) > 50))
        throw new AppError("validation_error", { detail: IDENTITY_MSG.tooManyTags });
      return rows.length;
    }
    case "pause": {
      const rows = await tx
        .update(productUrls)
        .set({ paused: true, pausedReason: USER_PAUSE_REASON, updatedAt: sql`now()` })
        .where(and(scope, eq(productUrls.paused, false)))
        .returning({ id: productUrls.id });
      return rows.length;
    }
    case "resume": {
      const rows = await tx
        .update(productUrls)
        .set({ paused: false, pausedReason: null, nextCheckAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(scope, eq(productUrls.paused, true), eq(productUrls.pausedReason, USER_PAUSE_REASON)))
        .returning({ id: productUrls.id });
      return rows.length;
    }
    case "frequency": {
      const frequency = input.tracking_frequency;
      const urls = await tx
        .select({ id: productUrls.id, lastCheckedAt: productUrls.lastCheckedAt })
        .from(productUrls)
        .where(and(scope, sql`${productUrls.trackingFrequency} <> ${frequency}`));
      if (urls.length === 0) return 0;
      // a URL already read moves to its phase in the new period, as a single URL's change of frequency does
      const next = urls.map((u) => ({
        id: u.id,
        at: u.lastCheckedAt ? computeNextCheck(u.id, frequency, hasAutomation, u.lastCheckedAt).toISOString() : null,
      }));
      await tx.execute(sql`
        update product_urls u
           set tracking_frequency = ${frequency}, updated_at = now(),
               next_check_at = coalesce(n.at, u.next_check_at)
          from jsonb_to_recordset(${JSON.stringify(next)}::jsonb) as n(id uuid, at timestamptz)
         where u.id = n.id and u.workspace_id = ${workspaceId}`);
      return urls.length;
    }
    case "delete": {
      const rows = await tx
        .delete(products)
        .where(and(eq(products.workspaceId, workspaceId), inArray(products.id, ids)))
        .returning({ id: products.id });
      return rows.length;
    }
  }
}
