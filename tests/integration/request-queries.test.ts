import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { onQuery } from "@/db/query-log";
import { subscriptions } from "@/db/schema";
import { GET as comparison } from "@/app/api/products/[id]/comparison/route";
import { GET as chart } from "@/app/api/products/[id]/history/route";
import { GET as product } from "@/app/api/products/[id]/route";
import { GET as history } from "@/app/api/scraping/urls/[urlId]/history/route";
import { GET as me } from "@/app/api/users/me/route";
import { POST as createToken } from "@/app/api/tokens/route";
import { call, signUp } from "../helpers/api";
import { seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";

// What one read costs in round trips with an integration token: the user and the plan come in one query,
// the plan is then reused by the rest of the request, and no other request sees it.

let secret: string;
let workspaceId: string;
let productId: string;
let urlId: string;

/** The statements one call sends, in order (the query log sees every handle). */
async function statements(run: () => Promise<{ status: number }>) {
  const seen: string[] = [];
  const stop = onQuery((query) => seen.push(query.replace(/\s+/g, " ")));
  try {
    const res = await run();
    expect(res.status).toBe(200);
  } finally {
    stop();
  }
  return seen;
}

beforeAll(async () => {
  const account = await signUp();
  workspaceId = account.workspaceId;
  await subscribe(workspaceId, "entreprise");
  const created = await call(createToken, "/api/tokens", { token: account.token, body: { name: "ERP" } });
  secret = created.json.token;
  const p = await seedProduct(workspaceId);
  productId = p.id;
  const a = await seedUrl(workspaceId, productId, "Darty");
  await seedUrl(workspaceId, productId, "Fnac");
  urlId = a.id;
  await seedHistory(
    urlId,
    Array.from({ length: 30 }, (_, i) => ({ price: `${100 + i}.00`, at: new Date(Date.now() - i * 3_600_000) })),
  );
  // the first use stamps last_used_at (at most once a minute): not part of what a read costs
  await call(me, "/api/users/me", { token: secret });
});

describe("round trips of a read with an integration token", () => {
  it("profile: one query (token, user and plan together), no write", async () => {
    expect(await statements(() => call(me, "/api/users/me", { token: secret }))).toHaveLength(1);
  });

  it("product: the credential, then the product with its URLs and their latest prices", async () => {
    const seen = await statements(() => call(product, "/x", { token: secret, params: { id: productId } }));
    expect(seen).toHaveLength(2);
  });

  it("history page: the credential, then the page and the owner's count side by side (plan not read again)", async () => {
    const seen = await statements(() =>
      call(history, "/x", { token: secret, params: { urlId }, query: { limit: "11", include: "total" } }),
    );
    expect(seen).toHaveLength(3);
    expect(seen.filter((q) => q.includes('"subscriptions"'))).toHaveLength(1);
    const page = await call(history, "/x", {
      token: secret,
      params: { urlId },
      query: { limit: "11", include: "total" },
    });
    expect(page.json.total).toBe(30);
    expect(page.json.entries).toHaveLength(11);
  });

  it("comparison: the plan is read once, with the credential; the product comes with its URLs; then the latest readings' offers", async () => {
    const seen = await statements(() => call(comparison, "/x", { token: secret, params: { id: productId } }));
    expect(seen.filter((q) => q.includes('"subscriptions"'))).toHaveLength(1);
    // seller, shipping and stated stock of the latest readings: one primary-key probe of price_history
    expect(seen.filter((q) => q.includes("from price_history where id = any"))).toHaveLength(1);
    expect(seen).toHaveLength(4);
  });

  it("chart: the credential, the product with its URLs, the buckets and the prices in force at the start", async () => {
    const seen = await statements(() => call(chart, "/x", { token: secret, params: { id: productId } }));
    expect(seen.filter((q) => q.includes('"subscriptions"'))).toHaveLength(1);
    expect(seen).toHaveLength(4);
  });

  it("the plan read by one request is not reused by the next: a downgrade suspends the token at once", async () => {
    const db = await getDb();
    expect((await call(me, "/api/users/me", { token: secret })).status).toBe(200);
    await db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.workspaceId, workspaceId));
    const refused = await call(me, "/api/users/me", { token: secret });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("plan_no_automation");
    await subscribe(workspaceId, "entreprise");
    expect((await call(me, "/api/users/me", { token: secret })).status).toBe(200);
  });

  it("another user's URL is still a 404, though its page is read beside the ownership check", async () => {
    const other = await signUp();
    const res = await call(history, "/x", { token: other.token, params: { urlId } });
    expect(res.status).toBe(404);
    expect(res.json.detail).toBe("URL introuvable");
  });
});
