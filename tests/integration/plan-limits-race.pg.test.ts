// A plan's limits (products per workspace, URLs per product) hold when two creations arrive at once with one
// place left. The race is forced (tests/helpers/forced-race.ts): the first creation stops right after writing its
// row, the workspace's plan lock taken (lockOwnerPlan); the second must then wait on that lock — without it, it
// counts without the first's row and takes the same last place. PostgreSQL only (`.pg.test.ts`): PGlite has one
// connection.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { productUrls, products } from "@/db/schema";
import { POST as createProduct } from "@/app/api/products/route";
import { POST as addUrl } from "@/app/api/products/[id]/urls/route";
import { call, signUp } from "../helpers/api";
import { forcedRace } from "../helpers/forced-race";

if (!process.env.DATABASE_URL) throw new Error("plan-limits-race.pg.test.ts : PostgreSQL seulement");

const create = (token: string, name: string) =>
  call(createProduct, "/api/products", {
    token,
    body: { name, urls: [{ name: "A", url: `https://${name}.example/` }] },
  });

describe("a plan's last place under concurrent creations (forced race, Freemium)", () => {
  it("two products created at once with one place left: one is created, the other refused (403)", async () => {
    const { token, workspaceId } = await signUp();
    for (let i = 1; i <= 4; i++) expect((await create(token, `base-${i}`)).status).toBe(201);
    const [first, second] = await forcedRace({
      table: "products",
      when: `new.workspace_id = '${workspaceId}'`,
      first: () => create(token, "course-a"),
      second: () => create(token, "course-b"),
      secondMust: "wait",
    });
    expect([first.value?.status, second.value?.status]).toEqual([201, 403]);
    expect(second.value?.json.code).toBe("product_limit_reached");
    const db = await getDb();
    const [made] = await db.select({ n: count() }).from(products).where(eq(products.workspaceId, workspaceId));
    expect(made!.n).toBe(5);
    const [urls] = await db.select({ n: count() }).from(productUrls).where(eq(productUrls.workspaceId, workspaceId));
    expect(urls!.n).toBe(5);
  });

  it("two URLs added at once to a product with one place left: one is added, the other refused (403)", async () => {
    const { token } = await signUp();
    const made = await call(createProduct, "/api/products", {
      token,
      body: { name: "Casque audio", urls: [1, 2].map((i) => ({ name: `S${i}`, url: `https://s${i}.example/` })) },
    });
    const productId = made.json.id as string;
    const add = (name: string) =>
      call(addUrl, `/api/products/${productId}/urls`, {
        token,
        params: { id: productId },
        body: { name, url: `https://${name}.example/` },
      });
    const [first, second] = await forcedRace({
      table: "product_urls",
      when: `new.product_id = '${productId}'`,
      first: () => add("course-a"),
      second: () => add("course-b"),
      secondMust: "wait",
    });
    expect([first.value?.status, second.value?.status]).toEqual([201, 403]);
    expect(second.value?.json.code).toBe("url_limit_reached");
    const db = await getDb();
    const [urls] = await db.select({ n: count() }).from(productUrls).where(eq(productUrls.productId, productId));
    expect(urls!.n).toBe(3);
  });
});
