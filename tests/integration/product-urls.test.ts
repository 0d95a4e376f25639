import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { plans, priceHistory, productUrls, scrapeTasks, subscriptions } from "@/db/schema";
import { POST as createProduct } from "@/app/api/products/route";
import { GET as listUrls, POST as addUrl } from "@/app/api/products/[id]/urls/route";
import { PATCH as patchUrl, DELETE as deleteUrl } from "@/app/api/products/[id]/urls/[urlId]/route";
import { POST as scrape } from "@/app/api/scraping/urls/[urlId]/scrape/route";
import { call, signUp } from "../helpers/api";

beforeAll(async () => {
  await getDb();
});

async function setPlan(workspaceId: string, code: "freemium" | "professionnel" | "entreprise") {
  const db = await getDb();
  const [plan] = await db.select().from(plans).where(eq(plans.code, code));
  await db
    .update(subscriptions)
    .set({ planId: plan!.id, status: "active" })
    .where(eq(subscriptions.workspaceId, workspaceId));
}

async function newProduct(token: string, urls: { name: string; url: string }[] = []) {
  const res = await call(createProduct, "/api/products", { token, body: { name: "Casque audio", urls } });
  if (res.status !== 201) throw new Error(res.text);
  return res.json as { id: string; urls: { id: string }[] };
}

const add = (token: string, id: string, body: unknown) =>
  call(addUrl, `/api/products/${id}/urls`, { token, params: { id }, body });

async function urlCount(productId: string) {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(productUrls).where(eq(productUrls.productId, productId));
  return row!.n;
}

const HOUR = 3_600_000;

describe("POST /api/products/{id}/urls", () => {
  it(
    "adds a normalised URL, pending, queues its first scrape without waiting for it and schedules the next check " +
      "a period on",
    async () => {
      const { token, workspaceId } = await signUp();
      const product = await newProduct(token);
      const res = await add(token, product.id, {
        name: " Darty ",
        url: "HTTPS://WWW.Darty.com/Casque?id=7#top",
        selector: "  .price  ",
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        product_id: product.id,
        name: "Darty",
        url: "https://www.darty.com/Casque?id=7",
        tracking_frequency: "daily",
        selector: ".price",
        last_status: "pending",
        latest: null,
        message: "URL ajoutée avec succès",
      });
      // daily: the first scheduled re-check comes in the last quarter of the day after creation, never later
      const next = new Date(res.json.next_check_at).getTime() - Date.now();
      expect(next).toBeGreaterThan(18 * HOUR - 60_000);
      expect(next).toBeLessThanOrEqual(24 * HOUR);
      const db = await getDb();
      const [task] = await db.select().from(scrapeTasks).where(eq(scrapeTasks.urlId, res.json.id));
      expect(task).toMatchObject({
        id: res.json.scrape_task_id,
        status: "pending",
        trigger: "first",
        workspaceId,
        productId: product.id,
      });
      expect(task!.url).toBe("https://www.darty.com/Casque?id=7");
    },
  );

  it("answers 409 to the same URL twice in one product, but accepts it in another product", async () => {
    const { token } = await signUp();
    const p1 = await newProduct(token, [{ name: "A", url: "https://shop.example/p" }]);
    const dup = await add(token, p1.id, { name: "Encore", url: "https://SHOP.example/p#frag" });
    expect(dup.status).toBe(409);
    expect(dup.json).toEqual({ detail: "Cette URL est déjà suivie pour ce produit", code: "duplicate_url" });
    const p2 = await newProduct(token);
    expect((await add(token, p2.id, { name: "A", url: "https://shop.example/p" })).status).toBe(201);
  });

  it.each([
    [{ url: "https://a.example/" }, "Le nom de la source est obligatoire"],
    [{ name: "A" }, "L'URL est obligatoire"],
    [{ name: "A", url: "file:///etc/passwd" }, "Veuillez entrer une URL valide commençant par http:// ou https://"],
    [{ name: "A", url: "https://user:pw@a.example/" }, "L'URL ne doit pas contenir d'identifiant ni de mot de passe"],
    [
      { name: "A", url: "https://a.example/", tracking_frequency: "yearly" },
      "La fréquence doit être hourly, daily ou weekly",
    ],
  ])("answers 422 to %j", async (body, detail) => {
    const { token } = await signUp();
    const product = await newProduct(token);
    const res = await add(token, product.id, body);
    expect(res.status).toBe(422);
    expect(res.json.detail).toBe(detail);
  });

  it("refuses hourly tracking without automation", async () => {
    const { token } = await signUp();
    const product = await newProduct(token);
    const res = await add(token, product.id, { name: "A", url: "https://a.example/", tracking_frequency: "hourly" });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("hourly_not_allowed");
    expect(await urlCount(product.id)).toBe(0);
  });

  it("refuses the 4th URL on Freemium with the exact SPEC message", async () => {
    const { token } = await signUp();
    const product = await newProduct(
      token,
      [1, 2, 3].map((i) => ({ name: `S${i}`, url: `https://s${i}.example/` })),
    );
    const res = await add(token, product.id, { name: "S4", url: "https://s4.example/" });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      detail: "Vous avez atteint la limite de 3 URLs par produit. Veuillez passer à un abonnement supérieur.",
      code: "url_limit_reached",
    });
    expect(await urlCount(product.id)).toBe(3);
  });

  it("allows more URLs on Professionnel (10) and any number on Entreprise", async () => {
    const { token, workspaceId } = await signUp();
    await setPlan(workspaceId, "professionnel");
    const product = await newProduct(token);
    for (let i = 0; i < 10; i++)
      expect((await add(token, product.id, { name: `P${i}`, url: `https://p${i}.example/` })).status).toBe(201);
    const eleventh = await add(token, product.id, { name: "P10", url: "https://p10.example/" });
    expect(eleventh.status).toBe(403);
    expect(eleventh.json.detail).toBe(
      "Vous avez atteint la limite de 10 URLs par produit. Veuillez passer à un abonnement supérieur.",
    );
    await setPlan(workspaceId, "entreprise");
    expect((await add(token, product.id, { name: "P10", url: "https://p10.example/" })).status).toBe(201);
  });
});

describe("GET /api/products/{id}/urls", () => {
  it("lists the URLs with their latest price, availability and check times", async () => {
    const { token } = await signUp();
    const product = await newProduct(token, [
      { name: "A", url: "https://a.example/" },
      { name: "B", url: "https://b.example/" },
    ]);
    const db = await getDb();
    const [a, b] = product.urls;
    await db.insert(priceHistory).values([
      { urlId: a!.id, price: "1299.99", currency: "EUR", available: true, createdAt: new Date("2025-05-01T08:00:00Z") },
      { urlId: a!.id, price: "1249.00", currency: "EUR", available: true, createdAt: new Date("2025-05-02T08:00:00Z") },
      { urlId: b!.id, price: null, currency: null, available: false, createdAt: new Date("2025-05-02T09:00:00Z") },
    ]);
    const checked = new Date("2025-05-02T09:00:01Z");
    await db.update(productUrls).set({ lastCheckedAt: checked, lastStatus: "ok" }).where(eq(productUrls.id, b!.id));
    const res = await call(listUrls, `/api/products/${product.id}/urls`, { token, params: { id: product.id } });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(2);
    expect(res.json[0].latest).toEqual({
      price: "1249.00",
      currency: "EUR",
      available: true,
      created_at: "2025-05-02T08:00:00.000Z",
    });
    expect(res.json[1]).toMatchObject({
      last_status: "ok",
      last_checked_at: checked.toISOString(),
      latest: { price: null, currency: null, available: false },
    });
    expect(Object.keys(res.json[0]).sort()).toEqual(
      [
        "created_at",
        "id",
        "last_checked_at",
        "last_error",
        "last_status",
        "latest",
        "name",
        "next_check_at",
        "paused",
        "price_rule_lost",
        "product_id",
        "selector",
        "tracking_frequency",
        "url",
      ].sort(),
    );
  });
});

describe("PATCH /api/products/{id}/urls/{urlId}", () => {
  it("changes the source name, frequency and selector hint, and reschedules from the last check", async () => {
    const { token, workspaceId } = await signUp();
    const product = await newProduct(token, [{ name: "A", url: "https://a.example/" }]);
    const urlId = product.urls[0]!.id;
    const db = await getDb();
    const checked = new Date("2025-06-01T12:00:00Z");
    await db.update(productUrls).set({ lastCheckedAt: checked }).where(eq(productUrls.id, urlId));
    const params = { id: product.id, urlId };
    const res = await call(patchUrl, "/api/products/x/urls/y", {
      method: "PATCH",
      token,
      params,
      body: { name: "Fnac", tracking_frequency: "weekly", selector: "#prix" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: urlId,
      name: "Fnac",
      tracking_frequency: "weekly",
      selector: "#prix",
      url: "https://a.example/",
    });
    const weekly = new Date(res.json.next_check_at).getTime() - checked.getTime();
    expect(weekly).toBeGreaterThanOrEqual(3.5 * 24 * HOUR);
    expect(weekly).toBeLessThan(10.5 * 24 * HOUR);
    const cleared = await call(patchUrl, "/api/products/x/urls/y", {
      method: "PATCH",
      token,
      params,
      body: { selector: "" },
    });
    expect(cleared.json.selector).toBeNull();
    const empty = await call(patchUrl, "/api/products/x/urls/y", { method: "PATCH", token, params, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.json.detail).toBe("Aucune modification fournie");
    const hourly = await call(patchUrl, "/api/products/x/urls/y", {
      method: "PATCH",
      token,
      params,
      body: { tracking_frequency: "hourly" },
    });
    expect(hourly.status).toBe(403);
    await setPlan(workspaceId, "professionnel");
    const ok = await call(patchUrl, "/api/products/x/urls/y", {
      method: "PATCH",
      token,
      params,
      body: { tracking_frequency: "hourly" },
    });
    expect(ok.status).toBe(200);
    const hourlyNext = new Date(ok.json.next_check_at).getTime() - checked.getTime();
    expect(hourlyNext).toBeGreaterThanOrEqual(HOUR / 2);
    expect(hourlyNext).toBeLessThan(1.5 * HOUR);
  });
});

describe("DELETE /api/products/{id}/urls/{urlId}", () => {
  it("deletes the URL with its price history and tasks, and frees a slot", async () => {
    const { token } = await signUp();
    const product = await newProduct(
      token,
      [1, 2, 3].map((i) => ({ name: `S${i}`, url: `https://s${i}.example/` })),
    );
    const urlId = product.urls[0]!.id;
    const db = await getDb();
    await db.insert(priceHistory).values({ urlId, price: "5.00", currency: "EUR", available: true });
    const res = await call(deleteUrl, "/api/products/x/urls/y", {
      method: "DELETE",
      token,
      params: { id: product.id, urlId },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: urlId, message: "URL supprimée avec succès" });
    expect(await db.select().from(priceHistory).where(eq(priceHistory.urlId, urlId))).toHaveLength(0);
    expect(await db.select().from(scrapeTasks).where(eq(scrapeTasks.urlId, urlId))).toHaveLength(0);
    expect(await urlCount(product.id)).toBe(2);
    expect((await add(token, product.id, { name: "S4", url: "https://s4.example/" })).status).toBe(201);
    const again = await call(deleteUrl, "/api/products/x/urls/y", {
      method: "DELETE",
      token,
      params: { id: product.id, urlId },
    });
    expect(again.status).toBe(404);
  });
});

// the route belongs to the scrape pipeline; checked here as the detail modal's re-scrape button uses it
describe("POST /api/scraping/urls/{urlId}/scrape", () => {
  it("answers 202 with a pending manual task, and 200 with the same task while it still waits", async () => {
    const { token, workspaceId } = await signUp();
    const product = await newProduct(token, [{ name: "A", url: "https://a.example/" }]);
    const urlId = product.urls[0]!.id;
    const db = await getDb();
    // the first scrape has run: no waiting task left
    await db.update(scrapeTasks).set({ status: "completed" }).where(eq(scrapeTasks.urlId, urlId));
    const res = await call(scrape, `/api/scraping/urls/${urlId}/scrape`, { method: "POST", token, params: { urlId } });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: "pending", url_id: urlId, product_id: product.id, retry_count: 0 });
    expect(res.json.metadata).toMatchObject({ task_id: res.json.task_id, trigger: "manual" });
    const again = await call(scrape, `/api/scraping/urls/${urlId}/scrape`, {
      method: "POST",
      token,
      params: { urlId },
    });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ task_id: res.json.task_id, created: false });
    const tasks = await db.select().from(scrapeTasks).where(eq(scrapeTasks.workspaceId, workspaceId));
    expect(tasks.filter((t) => t.status === "pending")).toHaveLength(1);
  });
});

describe("another user's URLs", () => {
  it("are a 404 on every route, and stay untouched", async () => {
    const alice = await signUp();
    const bob = await signUp();
    const product = await newProduct(alice.token, [{ name: "A", url: "https://a.example/" }]);
    const urlId = product.urls[0]!.id;
    const bobProduct = await newProduct(bob.token);
    const t = bob.token;
    const responses = [
      await call(listUrls, "/", { token: t, params: { id: product.id } }),
      await call(addUrl, "/", { token: t, params: { id: product.id }, body: { name: "B", url: "https://b.example/" } }),
      await call(patchUrl, "/", {
        method: "PATCH",
        token: t,
        params: { id: product.id, urlId },
        body: { name: "Piraté" },
      }),
      // Bob's own product id with Alice's URL id
      await call(patchUrl, "/", {
        method: "PATCH",
        token: t,
        params: { id: bobProduct.id, urlId },
        body: { name: "Piraté" },
      }),
      await call(deleteUrl, "/", { method: "DELETE", token: t, params: { id: product.id, urlId } }),
      await call(deleteUrl, "/", { method: "DELETE", token: t, params: { id: bobProduct.id, urlId } }),
      await call(scrape, "/", { method: "POST", token: t, params: { urlId } }),
    ];
    for (const res of responses) expect(res.status).toBe(404);
    expect(responses.map((r) => r.json.detail)).toEqual([
      "Produit introuvable",
      "Produit introuvable",
      "URL introuvable",
      "URL introuvable",
      "URL introuvable",
      "URL introuvable",
      "URL introuvable",
    ]);
    const db = await getDb();
    const [row] = await db.select().from(productUrls).where(eq(productUrls.id, urlId));
    expect(row!.name).toBe("A");
    expect(await db.select().from(scrapeTasks).where(eq(scrapeTasks.workspaceId, bob.workspaceId))).toHaveLength(0);
  });

  it("a URL of another product of the same user is a 404 under the wrong product", async () => {
    const { token } = await signUp();
    const p1 = await newProduct(token, [{ name: "A", url: "https://a.example/" }]);
    const p2 = await newProduct(token);
    const res = await call(deleteUrl, "/", { method: "DELETE", token, params: { id: p2.id, urlId: p1.urls[0]!.id } });
    expect(res.status).toBe(404);
    expect(await urlCount(p1.id)).toBe(1);
  });

  it("answers 401 without a session", async () => {
    const res = await call(scrape, "/", { method: "POST", params: { urlId: "00000000-0000-0000-0000-000000000000" } });
    expect(res.status).toBe(401);
  });
});
