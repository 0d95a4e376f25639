import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, productGtins, productUrls, products } from "@/db/schema";
import { GET as list } from "@/app/api/products/route";
import { POST as bulk } from "@/app/api/products/bulk/route";
import { call, signUp } from "../helpers/api";
import { addMember, tokenIn } from "../helpers/workspaces";
import { daysAgo, seedHistory, seedProduct, seedUrl, subscribe } from "./history-fixtures";

type TItem = { id: string; name: string; [k: string]: unknown };

async function page(token: string, query: Record<string, string>) {
  const res = await call<TItem[]>(list, "/api/products", { token, query });
  expect(res.status, res.text).toBe(200);
  return { items: res.json, next: res.headers.get("x-next-cursor"), total: Number(res.headers.get("x-total-count")) };
}

/** Every page of a query, running `between` after each page. */
async function walk(
  token: string,
  query: Record<string, string>,
  between: (n: number) => Promise<void> = async () => {},
) {
  const seen: TItem[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 100; n++) {
    const p = await page(token, { ...query, ...(cursor ? { cursor } : {}) });
    seen.push(...p.items);
    cursor = p.next;
    if (!cursor) break;
    await between(n);
  }
  return seen;
}

const names = (items: TItem[]) => items.map((p) => p.name);

async function insertProducts(workspaceId: string, prefix: string, n: number) {
  const db = await getDb();
  // one statement: the rows share created_at, their order is the id's
  await db.execute(sql`
    insert into products (workspace_id, name)
    select ${workspaceId}::uuid, ${prefix} || lpad(g::text, 4, '0') from generate_series(1, ${n}) g`);
}

describe("GET /api/products: keyset pages", () => {
  it("neither skips nor repeats a product while products are added between pages, in any sort", async () => {
    const { token, workspaceId } = await signUp();
    await insertProducts(workspaceId, "Produit ", 120);
    const db = await getDb();
    const before = (await db.select({ id: products.id }).from(products).where(eq(products.workspaceId, workspaceId)))
      .map((r) => r.id)
      .sort();
    for (const sort of ["created", "name", "price", "gap", "last_change"]) {
      let added = 0;
      const seen = await walk(token, { sort, limit: "25" }, async () => {
        // new rows at both ends of the name order, and newer than every listed one
        await insertProducts(workspaceId, `A ${sort} ${added} `, 3);
        await insertProducts(workspaceId, `Z ${sort} ${added++} `, 3);
      });
      const ids = seen.map((p) => p.id);
      expect(new Set(ids).size, sort).toBe(ids.length);
      expect(ids.filter((id) => before.includes(id)).sort(), sort).toEqual(before);
    }
  });

  it("answers the SPEC's list for a small catalogue, the count and the next page in headers, 422 on a bad cursor", async () => {
    const { token, workspaceId } = await signUp();
    await seedProduct(workspaceId, "Seul produit");
    const res = await call(list, "/api/products", { token });
    expect(res.json).toHaveLength(1);
    expect(res.headers.get("x-total-count")).toBe("1");
    expect(res.headers.get("x-next-cursor")).toBeNull();
    await insertProducts(workspaceId, "P", 3);
    const first = await call(list, "/api/products", { token, query: { limit: "2", sort: "name" } });
    expect(first.headers.get("link")).toMatch(/^<\/api\/products\?limit=2&sort=name&cursor=[\w-]+>; rel="next"$/);
    for (const cursor of ["abc", "%%%", Buffer.from('["created","desc","x","y"]').toString("base64url")]) {
      const bad = await call(list, "/api/products", { token, query: { cursor } });
      expect(bad.status).toBe(422);
      expect(bad.json.detail).toMatch(/Curseur invalide/);
    }
    // a cursor of another sort is refused, not read as a value of this one
    const other = await call(list, "/api/products", {
      token,
      query: { sort: "price", cursor: first.headers.get("x-next-cursor")! },
    });
    expect(other.status).toBe(422);
    expect((await call(list, "/api/products", { token, query: { limit: "201" } })).status).toBe(422);
    expect((await call(list, "/api/products", { token, query: { sort: "x" } })).status).toBe(422);
  });

  it("keeps a page under 100 KB whatever the descriptions' length", async () => {
    const { token, workspaceId } = await signUp();
    const db = await getDb();
    await db.execute(sql`
      insert into products (workspace_id, name, description)
      select ${workspaceId}::uuid, 'Long ' || g, repeat('é', 5000) from generate_series(1, 60) g`);
    const res = await call(list, "/api/products", { token, query: { limit: "200" } });
    expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(100_000 * 2);
    expect(res.text.length).toBeLessThanOrEqual(100_000);
    expect(res.json.length).toBeLessThan(60);
    const all = await walk(token, { limit: "200" });
    expect(new Set(all.map((p) => p.id)).size).toBe(60);
  });
});

describe("GET /api/products: search, filters and sorts", () => {
  let token: string;
  let workspaceId: string;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    ({ token, workspaceId } = await signUp());
    const db = await getDb();
    const rows = [
      {
        name: "Robot Electromenager",
        brand: "Moulinex",
        sku: "AB-12_3",
        category: "Maison > Cuisine > Robots",
        tags: ["promo"],
        referencePrice: "100.00",
      },
      {
        name: "Écran plat",
        brand: "BOSCH",
        sku: "SKU-2",
        category: "Maison > Cuisine",
        tags: ["Soldes", "promo"],
        referencePrice: "90.00",
      },
      { name: "Drone", brand: "Parrot", category: "Maison > Cuisinette", referencePrice: "50.00" },
      { name: "Fer à repasser", brand: "Bosch", category: "Maison", referencePrice: null },
      { name: "Œuf à la coque 100%", brand: null, category: null, referencePrice: "10.00" },
    ];
    for (const r of rows) {
      const [p] = await db
        .insert(products)
        .values({ workspaceId, ...r })
        .returning();
      id[r.name] = p!.id;
    }
    await db
      .insert(productGtins)
      .values({ productId: id["Drone"]!, workspaceId, gtin: "03017620422003", code: "3017620422003" });
    // Robot: dearer than the cheapest (100 vs 80), one URL uncertain, one blocked
    const r1 = await seedUrl(workspaceId, id["Robot Electromenager"]!, "Darty");
    const r2 = await seedUrl(workspaceId, id["Robot Electromenager"]!, "Fnac");
    await seedHistory(r1.id, [{ price: "85.00", at: daysAgo(3) }]);
    await seedHistory(r1.id, [{ price: "80.00", at: daysAgo(1) }]);
    await db.update(productUrls).set({ lastStatus: "uncertain" }).where(eq(productUrls.id, r1.id));
    await db.update(productUrls).set({ lastStatus: "blocked" }).where(eq(productUrls.id, r2.id));
    // Écran: the cheapest (90 vs 120), changed 5 days ago; Drone: aligned (50 vs 49.80), failing, paused URL
    const e1 = await seedUrl(workspaceId, id["Écran plat"]!, "Boulanger");
    await seedHistory(e1.id, [{ price: "130.00", at: daysAgo(6) }]);
    await seedHistory(e1.id, [{ price: "120.00", at: daysAgo(5) }]);
    const d1 = await seedUrl(workspaceId, id["Drone"]!, "Cdiscount");
    const d2 = await seedUrl(workspaceId, id["Drone"]!, "Amazon");
    await seedHistory(d1.id, [{ price: "49.80", at: daysAgo(2) }]);
    await db.update(productUrls).set({ lastStatus: "error" }).where(eq(productUrls.id, d1.id));
    await db.update(productUrls).set({ paused: true }).where(eq(productUrls.id, d2.id));
    // Œuf: my price, no market (its only offer unavailable)
    const o1 = await seedUrl(workspaceId, id["Œuf à la coque 100%"]!, "Leclerc");
    await seedHistory(o1.id, [{ price: null, available: false, at: daysAgo(1) }]);
  });

  const found = async (query: Record<string, string>) => names((await page(token, query)).items).sort();

  it("searches name, SKU, EAN, brand and MPN whatever the accents and the case", async () => {
    expect(await found({ q: "électroménager" })).toEqual(["Robot Electromenager"]);
    expect(await found({ q: "ECRAN" })).toEqual(["Écran plat"]);
    expect(await found({ q: "oeuf" })).toEqual(["Œuf à la coque 100%"]);
    expect(await found({ q: "ab-12_3" })).toEqual(["Robot Electromenager"]);
    expect(await found({ q: "3017620422003" })).toEqual(["Drone"]);
    expect(await found({ q: "bosch" })).toEqual(["Fer à repasser", "Écran plat"].sort());
    expect(await found({ q: "bosch fer" })).toEqual(["Fer à repasser"]);
    // LIKE's wildcards are taken literally
    expect(await found({ q: "100%" })).toEqual(["Œuf à la coque 100%"]);
    expect(await found({ q: "_" })).toEqual(["Robot Electromenager"]);
    expect((await page(token, { q: "bosch" })).total).toBe(2);
  });

  it("filters by category with its sub-categories, tag, brand, position and status", async () => {
    expect(await found({ category: "Maison > Cuisine" })).toEqual(["Robot Electromenager", "Écran plat"].sort());
    expect(await found({ category: "Maison>Cuisine>Robots" })).toEqual(["Robot Electromenager"]);
    expect((await found({ category: "Maison" })).length).toBe(4);
    expect(await found({ tag: "Soldes" })).toEqual(["Écran plat"]);
    expect(await found({ tag: "promo" })).toEqual(["Robot Electromenager", "Écran plat"].sort());
    expect(await found({ brand: "Bosch" })).toEqual(["Fer à repasser"]);
    expect(await found({ position: "dearer" })).toEqual(["Robot Electromenager"]);
    expect(await found({ position: "cheapest" })).toEqual(["Écran plat"]);
    expect(await found({ position: "aligned" })).toEqual(["Drone"]);
    expect(await found({ position: "no_market" })).toEqual(["Œuf à la coque 100%"]);
    expect(await found({ status: "uncertain" })).toEqual(["Robot Electromenager"]);
    expect(await found({ status: "blocked" })).toEqual(["Robot Electromenager"]);
    expect(await found({ status: "failing" })).toEqual(["Drone", "Robot Electromenager"]);
    expect(await found({ status: "paused" })).toEqual(["Drone"]);
    expect(await found({ status: "no_url" })).toEqual(["Fer à repasser"]);
    expect(await found({ category: "Maison", status: "failing", q: "drone" })).toEqual(["Drone"]);
  });

  it("sorts by name, gap to the cheapest, cheapest price and last change, those without one last", async () => {
    const sorted = async (query: Record<string, string>) => names((await page(token, query)).items);
    expect(await sorted({ sort: "name" })).toEqual([
      "Drone",
      "Écran plat",
      "Fer à repasser",
      "Œuf à la coque 100%",
      "Robot Electromenager",
    ]);
    expect(await sorted({ sort: "name", order: "desc" })).toEqual([
      "Robot Electromenager",
      "Œuf à la coque 100%",
      "Fer à repasser",
      "Écran plat",
      "Drone",
    ]);
    expect((await sorted({ sort: "gap" })).slice(0, 3)).toEqual(["Robot Electromenager", "Drone", "Écran plat"]);
    expect((await sorted({ sort: "gap", order: "asc" })).slice(0, 3)).toEqual([
      "Écran plat",
      "Drone",
      "Robot Electromenager",
    ]);
    expect((await sorted({ sort: "price" })).slice(0, 3)).toEqual(["Drone", "Robot Electromenager", "Écran plat"]);
    expect((await sorted({ sort: "price", order: "desc" })).slice(0, 3)).toEqual([
      "Écran plat",
      "Robot Electromenager",
      "Drone",
    ]);
    // a first reading is no change; Robot moved a day ago, Écran five days ago
    expect((await sorted({ sort: "last_change" })).slice(0, 2)).toEqual(["Robot Electromenager", "Écran plat"]);
    expect((await sorted({ sort: "last_change", order: "asc" })).slice(0, 2)).toEqual([
      "Écran plat",
      "Robot Electromenager",
    ]);
    const robot = (await page(token, { q: "robot" })).items[0]!;
    expect(robot).toMatchObject({ position: "dearer", gap_bp: 2500, lowest_price: "80.00", blocked_count: 1 });
  });
});

describe("POST /api/products/bulk", () => {
  it("tags, pauses, resumes, changes the frequency and deletes a selection, with an audit event each", async () => {
    const { token, workspaceId } = await signUp();
    await subscribe(workspaceId, "entreprise");
    const a = await seedProduct(workspaceId, "Alpha");
    const b = await seedProduct(workspaceId, "Bêta");
    const ua = await seedUrl(workspaceId, a.id, "Darty");
    const ub = await seedUrl(workspaceId, b.id, "Fnac");
    const ids = [a.id, b.id];
    const db = await getDb();

    let res = await call(bulk, "/api/products/bulk", { token, body: { action: "tag", ids, add: ["Promo", "noël"] } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ matched: 2, changed: 2 });
    res = await call(bulk, "/api/products/bulk", {
      token,
      body: { action: "tag", ids: [a.id], add: ["promo"], remove: ["NOËL"] },
    });
    const tags = async (pid: string) => (await db.select().from(products).where(eq(products.id, pid)))[0]!.tags;
    expect(await tags(a.id)).toEqual(["Promo"]);
    expect(await tags(b.id)).toEqual(["Promo", "noël"]);

    res = await call(bulk, "/api/products/bulk", { token, body: { action: "pause", ids } });
    expect(res.json).toMatchObject({ changed: 2 });
    expect(names((await page(token, { status: "paused" })).items).sort()).toEqual(["Alpha", "Bêta"]);
    res = await call(bulk, "/api/products/bulk", { token, body: { action: "resume", ids: [a.id] } });
    expect(res.json).toMatchObject({ changed: 1 });
    expect(names((await page(token, { status: "paused" })).items)).toEqual(["Bêta"]);

    res = await call(bulk, "/api/products/bulk", {
      token,
      body: { action: "frequency", ids, tracking_frequency: "weekly" },
    });
    expect(res.json).toMatchObject({ changed: 2 });
    const urls = await db
      .select()
      .from(productUrls)
      .where(inArray(productUrls.id, [ua.id, ub.id]));
    expect(urls.map((u) => u.trackingFrequency)).toEqual(["weekly", "weekly"]);

    res = await call(bulk, "/api/products/bulk", { token, body: { action: "delete", ids: [b.id] } });
    expect(res.json).toMatchObject({ changed: 1 });
    expect(names(await walk(token, {}))).toEqual(["Alpha"]);

    const audit = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, workspaceId), sql`${auditEvents.action} like 'product.bulk_%'`));
    expect(audit.map((e) => e.action).sort()).toEqual(
      [
        "product.bulk_delete",
        "product.bulk_frequency",
        "product.bulk_pause",
        "product.bulk_resume",
        "product.bulk_tag",
        "product.bulk_tag",
      ].sort(),
    );
  });

  it("ignores another workspace's ids (404 when none is the workspace's), refuses a Lecteur and bad input", async () => {
    const me = await signUp();
    const other = await signUp();
    const mine = await seedProduct(me.workspaceId, "À moi");
    const theirs = await seedProduct(other.workspaceId, "À l'autre");
    const db = await getDb();

    let res = await call(bulk, "/api/products/bulk", { token: me.token, body: { action: "delete", ids: [theirs.id] } });
    expect(res.status).toBe(404);
    res = await call(bulk, "/api/products/bulk", {
      token: me.token,
      body: { action: "tag", ids: [theirs.id, mine.id], add: ["x"] },
    });
    expect(res.json).toMatchObject({ matched: 1, changed: 1 });
    res = await call(bulk, "/api/products/bulk", {
      token: me.token,
      body: { action: "delete", ids: [theirs.id, mine.id] },
    });
    expect(res.json).toMatchObject({ matched: 1 });
    const [still] = await db.select().from(products).where(eq(products.id, theirs.id));
    expect(still).toMatchObject({ name: "À l'autre", tags: [] });

    const reader = await signUp();
    await addMember(other.workspaceId, reader.userId, "reader");
    const readToken = await tokenIn(other.workspaceId, reader.userId);
    res = await call(bulk, "/api/products/bulk", { token: readToken, body: { action: "delete", ids: [theirs.id] } });
    expect(res.status).toBe(403);
    expect((await db.select().from(products).where(eq(products.id, theirs.id))).length).toBe(1);

    const ids = Array.from({ length: 1001 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    for (const body of [
      { action: "delete", ids },
      { action: "delete", ids: [] },
      { action: "delete", ids: ["x"] },
      { action: "explode", ids: [theirs.id] },
      { action: "tag", ids: [theirs.id] },
      { action: "frequency", ids: [theirs.id], tracking_frequency: "minutely" },
    ]) {
      res = await call(bulk, "/api/products/bulk", { token: other.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(typeof res.json.detail).toBe("string");
    }
    // hourly needs a plan with automation
    res = await call(bulk, "/api/products/bulk", {
      token: other.token,
      body: { action: "frequency", ids: [theirs.id], tracking_frequency: "hourly" },
    });
    expect(res.status).toBe(403);
  });
});
