// The dashboard's counts (issue 25.4): GET /api/users/me/stats reads workspace_counts, kept by statement triggers
// on products and product_urls. Each write that adds, removes, pauses, resumes or moves a product or a URL
// leaves the counts equal to a fresh count; a reading (the URL's latest_* copy) leaves the counts' row untouched.
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as stats } from "@/app/api/users/me/stats/route";
import { getDb, queryRows } from "@/db";
import { products, productUrls } from "@/db/schema";
import { call, signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl } from "./history-fixtures";

async function counted(token: string) {
  const res = await call<{ products: number; active_urls: number }>(stats, "/api/users/me/stats", { token });
  expect(res.status).toBe(200);
  return res.json;
}

/** The counts as a fresh count would give them. */
async function recount(workspaceId: string) {
  const [row] = await queryRows<{ products: string | number; active_urls: string | number }>(
    await getDb(),
    sql`select (select count(*) from products where workspace_id = ${workspaceId}) as products,
               (select count(*) from product_urls where workspace_id = ${workspaceId} and not paused) as active_urls`,
  );
  return { products: Number(row!.products), active_urls: Number(row!.active_urls) };
}

async function countsRowVersion(workspaceId: string) {
  const [row] = await queryRows<{ xmin: string }>(
    await getDb(),
    sql`select xmin::text as xmin from workspace_counts where workspace_id = ${workspaceId}`,
  );
  return row?.xmin;
}

describe("dashboard counts kept by triggers", () => {
  it("follow inserts, pauses, resumes, moves and deletes, one row or many per statement", async () => {
    const a = await signUp();
    const b = await signUp();
    const db = await getDb();
    expect(await counted(a.token)).toEqual({ products: 0, active_urls: 0 });

    const p1 = await seedProduct(a.workspaceId, "Bouilloire");
    const u1 = await seedUrl(a.workspaceId, p1.id, "Darty");
    await seedUrl(a.workspaceId, p1.id, "Boulanger");
    expect(await counted(a.token)).toEqual({ products: 1, active_urls: 2 });

    // one statement over two workspaces: 3 products in A, 2 in B
    const many = await db
      .insert(products)
      .values([
        ...["Grille-pain", "Cafetière", "Blender"].map((name) => ({ workspaceId: a.workspaceId, name })),
        ...["Robot", "Mixeur"].map((name) => ({ workspaceId: b.workspaceId, name })),
      ])
      .returning();
    await db.insert(productUrls).values(
      many.map((p, i) => ({
        workspaceId: p.workspaceId,
        productId: p.id,
        name: "Fnac",
        url: `https://fnac.example/p/${i}`,
        paused: i === 0,
      })),
    );
    expect(await counted(a.token)).toEqual({ products: 4, active_urls: 4 });
    expect(await counted(b.token)).toEqual({ products: 2, active_urls: 2 });

    await db.update(productUrls).set({ paused: true }).where(eq(productUrls.workspaceId, a.workspaceId));
    expect(await counted(a.token)).toEqual({ products: 4, active_urls: 0 });
    await db.update(productUrls).set({ paused: false }).where(eq(productUrls.id, u1.id));
    expect(await counted(a.token)).toEqual({ products: 4, active_urls: 1 });

    // a product and its URL moved from B to A
    const moved = many.at(-1)!;
    await db.update(products).set({ workspaceId: a.workspaceId }).where(eq(products.id, moved.id));
    await db.update(productUrls).set({ workspaceId: a.workspaceId }).where(eq(productUrls.productId, moved.id));
    expect(await counted(a.token)).toEqual({ products: 5, active_urls: 2 });
    expect(await counted(b.token)).toEqual({ products: 1, active_urls: 1 });

    // deleting products takes their URLs with them (cascade)
    await db.delete(products).where(inArray(products.id, [p1.id, moved.id]));
    expect(await counted(a.token)).toEqual({ products: 3, active_urls: 0 });
    for (const w of [a, b]) expect(await counted(w.token)).toEqual(await recount(w.workspaceId));
  });

  it("a reading updates the URL's latest_* copy without writing the counts' row", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId, "Aspirateur");
    const url = await seedUrl(workspaceId, product.id, "Ikea");
    const before = await countsRowVersion(workspaceId);
    expect(before).toBeDefined();
    await seedHistory(url.id, [
      { price: "99.00", at: daysAgo(2) },
      { price: "89.00", at: daysAgo(1) },
    ]);
    const [latest] = await (await getDb())
      .select({ price: productUrls.latestPrice })
      .from(productUrls)
      .where(eq(productUrls.id, url.id));
    expect(latest!.price).toBe("89.00");
    expect(await countsRowVersion(workspaceId)).toBe(before);
    expect(await counted(token)).toEqual({ products: 1, active_urls: 1 });
  });
});
