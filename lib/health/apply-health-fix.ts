import { and, eq, inArray, notLike, or, isNull, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { productUrls } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { PLAN_PAUSE_PREFIX } from "@/lib/billing";
import { AppError } from "@/lib/errors/app-error";
import { setShopStrategy } from "@/lib/fetching";
import { shopHost } from "@/lib/fetching";
import { inTransaction } from "@/lib/jobs";
import { requestScrapes } from "@/lib/jobs";
import { roleAtLeast, type TWorkspaceRole } from "@/lib/workspaces";
import type { THealthFix } from "./schemas";

export const HEALTH_PAUSE_REASON = "Mis en pause depuis Santé des données";

const FIX_MESSAGES = {
  rescrape: (n: number) => `${n} relevé(s) demandé(s)`,
  pause: (n: number) => `${n} URL(s) mise(s) en pause`,
  resume: (n: number) => `${n} URL(s) reprise(s)`,
  delete: (n: number) => `${n} URL(s) supprimée(s)`,
  strategy: (n: number) => `Stratégie d'accès changée pour ${n} boutique(s)`,
} as const;

/**
 * A bulk fix on a selection of the workspace's URLs, all or nothing: one id that is not the workspace's (or no
 * longer exists) answers 404 and changes nothing. The shops' strategy is the owner's choice, as on /access
 * (paid providers spend the workspace's credits). A URL paused by the plan's limits is never resumed here.
 */
export async function applyHealthFix(workspaceId: string, role: TWorkspaceRole, fix: THealthFix) {
  if (fix.action === "strategy" && !roleAtLeast(role, "owner")) throw new AppError("forbidden_role");
  const ids = [...new Set(fix.url_ids)];
  return inTransaction(async (tx) => {
    const urls = await tx
      .select({
        id: productUrls.id,
        productId: productUrls.productId,
        url: productUrls.url,
        paused: productUrls.paused,
      })
      .from(productUrls)
      .where(and(eq(productUrls.workspaceId, workspaceId), inArray(productUrls.id, ids)))
      .orderBy(productUrls.id)
      .for("update");
    if (urls.length !== ids.length) throw new AppError("url_not_found");
    const changed = await run(tx, workspaceId, fix, urls);
    return { action: fix.action, changed, message: FIX_MESSAGES[fix.action](changed) };
  });
}

type TUrl = { id: string; productId: string; url: string; paused: boolean };

async function run(tx: DbLike, workspaceId: string, fix: THealthFix, urls: TUrl[]): Promise<number> {
  const ids = urls.map((u) => u.id);
  const mine = and(eq(productUrls.workspaceId, workspaceId), inArray(productUrls.id, ids));
  switch (fix.action) {
    case "rescrape": {
      const active = urls.filter((u) => !u.paused);
      const tasks = await requestScrapes(
        active.map((u) => ({ workspaceId, urlId: u.id, productId: u.productId, url: u.url })),
        { tx, reason: "batch" },
      );
      return tasks.length;
    }
    case "pause": {
      const rows = await tx
        .update(productUrls)
        .set({ paused: true, pausedReason: HEALTH_PAUSE_REASON, updatedAt: sql`now()` })
        .where(and(mine, eq(productUrls.paused, false)))
        .returning({ id: productUrls.id });
      await recordAudit(tx, workspaceId, "url.pause", { type: "url" }, { url_ids: rows.map((r) => r.id) });
      return rows.length;
    }
    case "resume": {
      const rows = await tx
        .update(productUrls)
        .set({ paused: false, pausedReason: null, nextCheckAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            mine,
            eq(productUrls.paused, true),
            or(isNull(productUrls.pausedReason), notLike(productUrls.pausedReason, `${PLAN_PAUSE_PREFIX}%`)),
          ),
        )
        .returning({ id: productUrls.id });
      await recordAudit(tx, workspaceId, "url.resume", { type: "url" }, { url_ids: rows.map((r) => r.id) });
      return rows.length;
    }
    case "delete": {
      const rows = await tx.delete(productUrls).where(mine).returning({ id: productUrls.id, url: productUrls.url });
      for (const r of rows) await recordAudit(tx, workspaceId, "url.delete", { type: "url", id: r.id }, { url: r.url });
      return rows.length;
    }
    case "strategy": {
      const hosts = [...new Set(urls.map((u) => shopHost(u.url)))];
      for (const host of hosts) await setShopStrategy(tx, workspaceId, { host, strategy: fix.strategy! });
      return hosts.length;
    }
  }
}
