// PUT /api/access/shops – choose how one shop (domain) is fetched: auto, direct, browser, proxy or provider (owner only)
import { getDb } from "@/db";
import { setShopStrategy } from "@/lib/fetching/access-settings";
import { ZShopStrategy } from "@/lib/fetching/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const PUT = withAuth({ body: ZShopStrategy, role: "owner" }, async ({ user, body }) =>
  json(await setShopStrategy(await getDb(), user.workspaceId, body)),
);
