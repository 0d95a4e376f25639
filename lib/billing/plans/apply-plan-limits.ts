import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { productUrls, products } from "@/db/schema";
import { getWorkspacePlan } from "./get-workspace-plan";

/** Every pause made here starts with this text, so only these pauses are ever lifted here. */
export const PLAN_PAUSE_PREFIX = "Limite de l'abonnement";

type Plan = Awaited<ReturnType<typeof getWorkspacePlan>>;

export function productPauseReason(plan: Plan): string {
  return (
    `${PLAN_PAUSE_PREFIX} ${plan.name} atteinte (${plan.maxProducts} produits max) : suivi en pause, produit en ` +
    `lecture seule, données conservées. Passez à un abonnement supérieur pour le réactiver.`
  );
}

export function urlPauseReason(plan: Plan): string {
  return (
    `${PLAN_PAUSE_PREFIX} ${plan.name} atteinte (${plan.maxUrlsPerProduct} URLs par produit) : suivi en pause, ` +
    `données conservées. Passez à un abonnement supérieur pour la réactiver.`
  );
}

/**
 * Fits the user's products and URLs to the limits of the plan now in force, without deleting anything:
 * the oldest products, and the oldest URLs of each, stay active; the newest beyond the limits are paused
 * with a French reason; what fits again after an upgrade is resumed. Idempotent; call on every plan change.
 */
export async function applyPlanLimits(workspaceId: string, db?: DbLike) {
  const conn = db ?? (await getDb());
  const plan = await getWorkspacePlan(workspaceId, conn);
  const productRows = await conn
    .select({ id: products.id })
    .from(products)
    .where(eq(products.workspaceId, workspaceId))
    .orderBy(asc(products.createdAt), asc(products.id));
  const productRank = new Map(productRows.map((p, i) => [p.id, i]));
  const urlRows = await conn
    .select({
      id: productUrls.id,
      productId: productUrls.productId,
      paused: productUrls.paused,
      reason: productUrls.pausedReason,
    })
    .from(productUrls)
    .where(eq(productUrls.workspaceId, workspaceId))
    .orderBy(asc(productUrls.createdAt), asc(productUrls.id));

  const wanted = new Map<string, string[]>();
  const resume: string[] = [];
  const seenPerProduct = new Map<string, number>();
  for (const url of urlRows) {
    const rank = productRank.get(url.productId) ?? Number.MAX_SAFE_INTEGER;
    const position = seenPerProduct.get(url.productId) ?? 0;
    seenPerProduct.set(url.productId, position + 1);
    let reason: string | null = null;
    if (plan.maxProducts !== null && rank >= plan.maxProducts) reason = productPauseReason(plan);
    else if (plan.maxUrlsPerProduct !== null && position >= plan.maxUrlsPerProduct) reason = urlPauseReason(plan);
    const planPaused = url.paused && (url.reason ?? "").startsWith(PLAN_PAUSE_PREFIX);
    if (reason) {
      // a pause for another reason (user, scraper) is left as it is
      if ((!url.paused || planPaused) && url.reason !== reason)
        wanted.set(reason, [...(wanted.get(reason) ?? []), url.id]);
    } else if (planPaused) {
      resume.push(url.id);
    }
  }

  for (const [reason, ids] of wanted) {
    await conn
      .update(productUrls)
      .set({ paused: true, pausedReason: reason, updatedAt: sql`now()` })
      .where(and(eq(productUrls.workspaceId, workspaceId), inArray(productUrls.id, ids)));
  }
  if (resume.length > 0) {
    await conn
      .update(productUrls)
      .set({ paused: false, pausedReason: null, nextCheckAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(productUrls.workspaceId, workspaceId),
          inArray(productUrls.id, resume),
          like(productUrls.pausedReason, `${PLAN_PAUSE_PREFIX}%`),
        ),
      );
  }
  const paused = [...wanted.values()].reduce((n, ids) => n + ids.length, 0);
  return { plan: plan.code, paused, resumed: resume.length };
}
