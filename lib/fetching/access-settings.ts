// The workspace's access settings as the API shows and saves them: secrets go in sealed and never come out
// (a key shows as '••••' and its last 4 characters, a proxy as its host and port).
import { and, desc, eq, sql } from "drizzle-orm";
import type { DbLike } from "@/db";
import { fetchSettings, shopAccess } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { maskSecret, openSecret, sealSecret } from "@/lib/secrets";
import { getMonthUsage } from "./provider-budget";
import { ACCESS_MSG, type ZAccessSettings, type ZShopStrategy } from "./schemas";
import type { z } from "zod";

const proxyLabel = (text: string) => {
  const u = new URL(text);
  return `${u.protocol}//${u.host}`;
};

export async function getAccessSettings(db: DbLike, workspaceId: string) {
  const [s] = await db.select().from(fetchSettings).where(eq(fetchSettings.workspaceId, workspaceId));
  const shops = await db
    .select()
    .from(shopAccess)
    .where(eq(shopAccess.workspaceId, workspaceId))
    .orderBy(desc(shopAccess.attempts), shopAccess.host)
    .limit(500);
  const proxies: string[] = s?.proxiesEnc ? (JSON.parse(openSecret(s.proxiesEnc)) as string[]) : [];
  return {
    provider: s?.provider ?? null,
    providerKey: maskSecret(s?.providerKeyLast4 ?? null),
    providerZone: s?.providerZone ?? null,
    providerEndpoint: s?.providerEndpoint ?? null,
    proxies: proxies.map(proxyLabel),
    monthlyCap: Number(s?.monthlyCap ?? 1000),
    usage: await getMonthUsage(db, workspaceId),
    shops: shops.map((r) => ({
      host: r.host,
      strategy: r.strategy,
      stickyProxy: r.stickyProxy,
      lastPath: r.lastPath,
      lastPathAt: r.lastPathAt?.toISOString() ?? null,
      attempts: r.attempts,
      successRate: r.attempts > 0 ? Math.round((r.successes / r.attempts) * 100) : null,
    })),
  };
}

export async function saveAccessSettings(db: DbLike, workspaceId: string, body: z.output<typeof ZAccessSettings>) {
  const [current] = await db.select().from(fetchSettings).where(eq(fetchSettings.workspaceId, workspaceId));
  const keepKey = body.providerKey === undefined && body.provider !== null && current?.provider === body.provider;
  if (body.provider && !body.providerKey && !keepKey) throw new AppError("provider_key_required");
  const key = body.provider === null ? null : body.providerKey;
  const values = {
    provider: body.provider,
    ...(keepKey ? {} : { providerKeyEnc: key ? sealSecret(key) : null, providerKeyLast4: key ? key.slice(-4) : null }),
    providerZone: body.provider === "brightdata" ? (body.providerZone ?? null) : null,
    providerEndpoint: body.provider ? (body.providerEndpoint ?? null) : null,
    ...(body.proxies === undefined
      ? {}
      : {
          proxiesEnc: body.proxies.length > 0 ? sealSecret(JSON.stringify(body.proxies)) : null,
          proxyCount: body.proxies.length,
        }),
    monthlyCap: String(body.monthlyCap),
    updatedAt: new Date(),
  };
  await db
    .insert(fetchSettings)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({ target: fetchSettings.workspaceId, set: values });
  return { message: ACCESS_MSG.saved, settings: await getAccessSettings(db, workspaceId) };
}

export async function setShopStrategy(db: DbLike, workspaceId: string, body: z.output<typeof ZShopStrategy>) {
  const sticky = body.stickyProxy === undefined ? {} : { stickyProxy: body.stickyProxy };
  await db
    .insert(shopAccess)
    .values({ workspaceId, host: body.host, strategy: body.strategy, ...sticky })
    .onConflictDoUpdate({
      target: [shopAccess.workspaceId, shopAccess.host],
      set: { strategy: body.strategy, ...sticky, updatedAt: sql`now()` },
    });
  const [row] = await db
    .select()
    .from(shopAccess)
    .where(and(eq(shopAccess.workspaceId, workspaceId), eq(shopAccess.host, body.host)));
  return { message: ACCESS_MSG.saved, host: row!.host, strategy: row!.strategy, stickyProxy: row!.stickyProxy };
}
