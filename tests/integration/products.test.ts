import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { plans, priceHistory, productUrls, products, scrapeTasks, subscriptions } from "@/db/schema";
import { GET as getOne, PUT as putOne, DELETE as deleteOne } from "@/app/api/products/[id]/route";
import { GET as list, POST as create } from "@/app/api/products/route";
import { call, signUp } from "../helpers/api";

async function setPlan(workspaceId: string, code: "freemium" | "professionnel" | "entreprise") {
  const db = await getDb();
  const [plan] = await db.select().from(plans).where(eq(plans.code, code));
  await db
    .update(subscriptions)
    .set({ planId: plan!.id, status: "active" })
    .where(eq(subscriptions.workspaceId, workspaceId));
}

// migrating and seeding the in-memory database is slow on a busy machine: not part of any test
beforeAll(async () => {
  await getDb();
});

const createProduct = (token: string, body: unknown) => call(create, "/api/products", { token, body });

async function productCount(workspaceId: string) {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.workspaceId, workspaceId));
  return row!.n;
}

describe("POST /api/products", () => {
  it("creates a product with its URLs in one call, normalises them and queues a first scrape each", async () => {
    const { token, workspaceId } = await signUp();
    const before = Date.now();
    const res = await createProduct(token, {
      name: "  Aspirateur X200 ",
      description: "Modèle 2025",
      urls: [
        { name: "Boutique A", url: "HTTPS://Shop.EXAMPLE.fr/Produit/X200?ref=1#avis" },
        { name: "Boutique B", url: "http://autre.example/x200", tracking_frequency: "weekly", selector: ".price" },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: "Aspirateur X200",
      description: "Modèle 2025",
      reference_price: null,
      url_count: 2,
      message: "Produit créé avec succès",
    });
    const [a, b] = res.json.urls;
    expect(a).toMatchObject({
      name: "Boutique A",
      url: "https://shop.example.fr/Produit/X200?ref=1",
      tracking_frequency: "daily",
      selector: null,
      last_status: "pending",
      last_error: null,
      last_checked_at: null,
      paused: false,
      latest: null,
      product_id: res.json.id,
    });
    expect(b).toMatchObject({ tracking_frequency: "weekly", selector: ".price", url: "http://autre.example/x200" });
    // the first scrape is queued now; the first re-check comes in the last quarter of the period, never later
    expect(new Date(a.next_check_at).getTime()).toBeGreaterThan(before + 18 * 3_600_000);
    expect(new Date(a.next_check_at).getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    expect(new Date(b.next_check_at).getTime()).toBeGreaterThan(before + 5.25 * 24 * 3_600_000);
    expect(new Date(b.next_check_at).getTime()).toBeLessThanOrEqual(Date.now() + 7 * 24 * 3_600_000);

    const db = await getDb();
    const tasks = await db.select().from(scrapeTasks).where(eq(scrapeTasks.workspaceId, workspaceId));
    expect(tasks).toHaveLength(2);
    expect(tasks.map((t) => t.status)).toEqual(["pending", "pending"]);
    expect(tasks.every((t) => t.trigger === "first" && t.productId === res.json.id)).toBe(true);
    expect(new Set(tasks.map((t) => t.urlId))).toEqual(new Set([a.id, b.id]));
  });

  it("creates a product without URL and an empty description as null", async () => {
    const { token } = await signUp();
    const res = await createProduct(token, { name: "Seul", description: "   " });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Seul", description: null, url_count: 0, urls: [] });
  });

  it.each([
    [{ name: "" }, "Le nom du produit est obligatoire"],
    [{ name: "   " }, "Le nom du produit est obligatoire"],
    [{}, "Le nom du produit est obligatoire"],
    [{ name: "x".repeat(201) }, "Le nom du produit ne doit pas dépasser 200 caractères"],
    [{ name: "ok", description: "d".repeat(2001) }, "La description ne doit pas dépasser 2000 caractères"],
    [{ name: "ok", urls: [{ name: "", url: "https://a.example/" }] }, "Le nom de la source est obligatoire"],
    [{ name: "ok", urls: [{ name: "A", url: "" }] }, "L'URL est obligatoire"],
    [
      { name: "ok", urls: [{ name: "A", url: "ftp://a.example/x" }] },
      "Veuillez entrer une URL valide commençant par http:// ou https://",
    ],
    [
      { name: "ok", urls: [{ name: "A", url: "javascript:alert(1)" }] },
      "Veuillez entrer une URL valide commençant par http:// ou https://",
    ],
    [
      { name: "ok", urls: [{ name: "A", url: "pas une url" }] },
      "Veuillez entrer une URL valide commençant par http:// ou https://",
    ],
    [
      { name: "ok", urls: [{ name: "A", url: `https://a.example/${"p".repeat(2040)}` }] },
      "L'URL ne doit pas dépasser 2048 caractères",
    ],
    [
      { name: "ok", urls: [{ name: "A", url: "https://a.example/", tracking_frequency: "monthly" }] },
      "La fréquence doit être hourly, daily ou weekly",
    ],
  ])("answers 422 with a French message for %j", async (body, detail) => {
    const { token, workspaceId } = await signUp();
    const res = await createProduct(token, body);
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ detail, code: "validation_error" });
    expect(await productCount(workspaceId)).toBe(0);
  });

  it("accepts a URL of exactly 2,048 characters", async () => {
    const { token } = await signUp();
    const url = `https://a.example/${"p".repeat(2048 - "https://a.example/".length)}`;
    expect(url).toHaveLength(2048);
    const res = await createProduct(token, { name: "Long", urls: [{ name: "A", url }] });
    expect(res.status).toBe(201);
    expect(res.json.urls[0].url).toBe(url);
  });

  it("answers 409 when the same URL (once normalised) appears twice, and creates nothing", async () => {
    const { token, workspaceId } = await signUp();
    const res = await createProduct(token, {
      name: "Doublon",
      urls: [
        { name: "A", url: "https://SHOP.example/p#haut" },
        { name: "B", url: "https://shop.example/p" },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ detail: "Cette URL est déjà suivie pour ce produit", code: "duplicate_url" });
    expect(await productCount(workspaceId)).toBe(0);
  });

  it("refuses the hourly frequency without automation (403) and accepts it on Professionnel", async () => {
    const { token, workspaceId } = await signUp();
    const body = { name: "Horaire", urls: [{ name: "A", url: "https://a.example/h", tracking_frequency: "hourly" }] };
    const refused = await createProduct(token, body);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      detail:
        "Le suivi toutes les heures est réservé aux abonnements avec automatisation. Veuillez passer à un abonnement supérieur.",
      code: "hourly_not_allowed",
    });
    expect(await productCount(workspaceId)).toBe(0);
    await setPlan(workspaceId, "professionnel");
    const ok = await createProduct(token, body);
    expect(ok.status).toBe(201);
    expect(ok.json.urls[0].tracking_frequency).toBe("hourly");
  });

  it("answers 400 to malformed JSON and 401 without a session", async () => {
    const { token } = await signUp();
    const bad = await call(create, "/api/products", { token, method: "POST", rawBody: "{nom:" });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ detail: "Corps de requête JSON invalide", code: "invalid_json" });
    const anon = await call(create, "/api/products", { body: { name: "x" } });
    expect(anon.status).toBe(401);
    expect((await call(list, "/api/products")).status).toBe(401);
  });
});

describe("plan limits on products", () => {
  it("refuses the 6th product on Freemium with the exact SPEC message", async () => {
    const { token, workspaceId } = await signUp();
    for (let i = 1; i <= 5; i++) expect((await createProduct(token, { name: `P${i}` })).status).toBe(201);
    const sixth = await createProduct(token, { name: "P6" });
    expect(sixth.status).toBe(403);
    expect(sixth.json).toMatchObject({
      detail: "Vous avez atteint la limite de 5 produits. Veuillez passer à un abonnement supérieur.",
      code: "product_limit_reached",
    });
    expect(await productCount(workspaceId)).toBe(5);
  });

  it("refuses a product created with more URLs than the plan allows per product", async () => {
    const { token, workspaceId } = await signUp();
    const urls = [1, 2, 3, 4].map((i) => ({ name: `S${i}`, url: `https://s${i}.example/p` }));
    const res = await createProduct(token, { name: "Trop", urls });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      detail: "Vous avez atteint la limite de 3 URLs par produit. Veuillez passer à un abonnement supérieur.",
      code: "url_limit_reached",
    });
    expect(await productCount(workspaceId)).toBe(0);
    expect((await createProduct(token, { name: "Juste", urls: urls.slice(0, 3) })).status).toBe(201);
  });

  it("treats null limits as unlimited (Entreprise)", async () => {
    const { token, workspaceId } = await signUp();
    await setPlan(workspaceId, "entreprise");
    for (let i = 1; i <= 7; i++) expect((await createProduct(token, { name: `E${i}` })).status).toBe(201);
    const urls = Array.from({ length: 12 }, (_, i) => ({
      name: `S${i}`,
      url: `https://e.example/${i}`,
      tracking_frequency: "hourly",
    }));
    const many = await createProduct(token, { name: "Beaucoup", urls });
    expect(many.status).toBe(201);
    expect(many.json.url_count).toBe(12);
    expect(await productCount(workspaceId)).toBe(8);
  });
});

describe("GET /api/products and GET /api/products/{id}", () => {
  it(
    "lists only the caller's products, newest first, with url_count and the lowest latest price; the detail has " +
      "each URL's latest reading",
    async () => {
      const alice = await signUp();
      const bob = await signUp();
      const first = await createProduct(alice.token, {
        name: "Premier",
        urls: [{ name: "A", url: "https://a.example/1" }],
      });
      const second = await createProduct(alice.token, {
        name: "Second",
        urls: [
          { name: "A", url: "https://a.example/2" },
          { name: "B", url: "https://b.example/2" },
        ],
      });
      await createProduct(bob.token, { name: "Chez Bob" });
      const db = await getDb();
      const urlA = second.json.urls[0].id;
      await db.insert(priceHistory).values([
        { urlId: urlA, price: "19.99", currency: "EUR", available: true, createdAt: new Date("2025-03-01T10:00:00Z") },
        { urlId: urlA, price: "17.50", currency: "EUR", available: false, createdAt: new Date("2025-03-02T10:00:00Z") },
        { urlId: urlA, price: "18.00", currency: "EUR", available: true, createdAt: new Date("2025-02-01T10:00:00Z") },
      ]);

      const urlB = second.json.urls[1].id;
      await db.insert(priceHistory).values([
        {
          urlId: urlB,
          price: "18.25",
          currency: "EUR",
          available: true,
          createdAt: new Date("2025-03-01T09:00:00Z"),
        },
      ]);

      const res = await call(list, "/api/products", { token: alice.token });
      expect(res.status).toBe(200);
      expect(res.json.map((p: { name: string }) => p.name)).toEqual(["Second", "Premier"]);
      const [s, p] = res.json;
      expect(s.url_count).toBe(2);
      expect(p.url_count).toBe(1);
      expect(p.id).toBe(first.json.id);
      // the grid's summary: A's latest reading is unavailable, so the lowest available latest price is B's
      expect(s.lowest_price).toBe("18.25");
      expect(p.lowest_price).toBeNull();
      expect(Object.keys(s).sort()).toEqual(
        [
          "created_at",
          "description",
          "id",
          "name",
          "reference_price",
          "min_advertised_price",
          "updated_at",
          "url_count",
          "lowest_price",
          "uncertain_count",
          "paused_count",
          "failed_count",
          "sparkline",
          "sku",
          "gtins",
          "brand",
          "mpn",
          "category",
          "tags",
          "image_url",
          "cost_price",
          // the list's summary (lib/products/summary.md)
          "blocked_count",
          "position",
          "gap_bp",
          "last_change_at",
        ].sort(),
      );
      // readings of 2025 are older than the last 30 days: an empty sparkline
      expect(s.sparkline).toEqual(Array(30).fill(null));

      const one = await call(getOne, `/api/products/${second.json.id}`, {
        token: alice.token,
        params: { id: second.json.id },
      });
      expect(one.status).toBe(200);
      expect(one.json.urls[0].latest).toEqual({
        price: "17.50",
        currency: "EUR",
        available: false,
        created_at: "2025-03-02T10:00:00.000Z",
      });
      expect(one.json.urls[1].latest).toMatchObject({ price: "18.25", available: true });
      const { urls, ...summary } = one.json;
      expect(urls).toHaveLength(2);
      expect({
        ...summary,
        lowest_price: "18.25",
        uncertain_count: 0,
        paused_count: 0,
        failed_count: 0,
        blocked_count: 0,
        position: null,
        gap_bp: null,
        last_change_at: s.last_change_at,
        sparkline: s.sparkline,
      }).toEqual(s);
      expect(
        (await call(list, "/api/products", { token: bob.token })).json.map((x: { name: string }) => x.name),
      ).toEqual(["Chez Bob"]);
    },
  );
});

describe("PUT and DELETE /api/products/{id}", () => {
  it("updates name, description and reference price", async () => {
    const { token } = await signUp();
    const created = await createProduct(token, { name: "Ancien", description: "avant" });
    const id = created.json.id;
    const res = await call(putOne, `/api/products/${id}`, {
      method: "PUT",
      token,
      params: { id },
      body: { name: "Nouveau", description: "après", reference_price: "1299,90" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: "Nouveau",
      description: "après",
      reference_price: "1299.90",
      message: "Produit mis à jour avec succès",
    });
    const keep = await call(putOne, `/api/products/${id}`, {
      method: "PUT",
      token,
      params: { id },
      body: { name: "Renommé" },
    });
    expect(keep.json).toMatchObject({ name: "Renommé", description: "après", reference_price: "1299.90" });
    const bad = await call(putOne, `/api/products/${id}`, { method: "PUT", token, params: { id }, body: { name: "" } });
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toBe("Le nom du produit est obligatoire");
    const badPrice = await call(putOne, `/api/products/${id}`, {
      method: "PUT",
      token,
      params: { id },
      body: { name: "x", reference_price: "-3" },
    });
    expect(badPrice.status).toBe(422);
  });

  it("deletes the product with its URLs, price history and scrape tasks", async () => {
    const { token, workspaceId } = await signUp();
    const created = await createProduct(token, { name: "Éphémère", urls: [{ name: "A", url: "https://a.example/e" }] });
    const id = created.json.id;
    const urlId = created.json.urls[0].id;
    const db = await getDb();
    await db.insert(priceHistory).values({ urlId, price: "10.00", currency: "EUR", available: true });
    const res = await call(deleteOne, `/api/products/${id}`, { method: "DELETE", token, params: { id } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id, message: "Produit supprimé avec succès" });
    expect(await productCount(workspaceId)).toBe(0);
    expect(await db.select().from(productUrls).where(eq(productUrls.productId, id))).toHaveLength(0);
    expect(await db.select().from(priceHistory).where(eq(priceHistory.urlId, urlId))).toHaveLength(0);
    expect(await db.select().from(scrapeTasks).where(eq(scrapeTasks.workspaceId, workspaceId))).toHaveLength(0);
    expect((await call(getOne, `/api/products/${id}`, { token, params: { id } })).status).toBe(404);
    // the freed slot can be used again
    expect((await createProduct(token, { name: "Suivant" })).status).toBe(201);
  });
});

describe("another user's product", () => {
  it("is a 404 on GET, PUT and DELETE, and is left untouched", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const created = await createProduct(alice.token, { name: "Secret", description: "à Alice" });
    const id = created.json.id;
    const opts = { token: bob.token, params: { id } };
    const get = await call(getOne, `/api/products/${id}`, opts);
    const put = await call(putOne, `/api/products/${id}`, { ...opts, method: "PUT", body: { name: "Piraté" } });
    const del = await call(deleteOne, `/api/products/${id}`, { ...opts, method: "DELETE" });
    for (const res of [get, put, del]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ detail: "Produit introuvable", code: "not_found" });
    }
    const db = await getDb();
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.id, id)));
    expect(row).toMatchObject({ name: "Secret", description: "à Alice" });
  });

  it("answers 404 (not 500) to a malformed id", async () => {
    const { token } = await signUp();
    const res = await call(getOne, "/api/products/pas-un-uuid", { token, params: { id: "pas-un-uuid" } });
    expect(res.status).toBe(404);
  });
});
