import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, catalogFeeds, priceFlags, priceHistory, productUrls, products } from "@/db/schema";
import { GET as listFeeds, POST as createFeed } from "@/app/api/feeds/route";
import { DELETE as deleteFeed, GET as getFeed, PATCH as patchFeed } from "@/app/api/feeds/[feedId]/route";
import { POST as runFeed } from "@/app/api/feeds/[feedId]/runs/route";
import { GET as getRun } from "@/app/api/feeds/[feedId]/runs/[runId]/route";
import { GET as getReport } from "@/app/api/feeds/[feedId]/runs/[runId]/report/route";
import { fetchFeed } from "@/lib/feeds/fetch-feed";
import { runLocalJob, settleLocalJobs } from "@/lib/workers/local-jobs";
import { JOBS } from "@/lib/workers/registry";
import { FILES, FORMULA, googleXml, ITEMS } from "../fixtures/feed-files";
import { startFeedServer, type TFeedServer } from "../fixtures/feed-server";
import { call, signUp } from "../helpers/api";
import { reasons, runToEnd, upload, workspace } from "../helpers/feeds";
import { addMember, tokenIn } from "../helpers/workspaces";

let server: TFeedServer;

beforeAll(async () => {
  await getDb();
  server = await startFeedServer();
});
afterAll(() => server.close());

const DUPLICATE = expect.stringMatching(
  /^NEW-1 invalid : Référence \(SKU\) en double dans le fichier \(déjà ligne \d\)$/,
);
const GONE = "gone : Absent du flux : le produit est conservé (rien n'est supprimé)";

// problems first: errors, then warnings (the duplicate), then the rest, each in the file's order; the product
// 'GONE-1' was added by hand, so it is no feed's to report gone
const FIRST_REPORT = [
  "BAD-1 invalid : Code EAN invalide (chiffre de contrôle)",
  "LONG-1 invalid : Le nom du produit ne doit pas dépasser 200 caractères",
  DUPLICATE,
  "NEW-1 new",
  "CHG-1 changed",
  "FORM-1 new",
];

async function expectEveryKind(token: string, workspaceId: string, feedId: string) {
  const first = await runToEnd(token, feedId);
  expect(first).toMatchObject({
    status: "done",
    total_rows: 6,
    done_rows: 6,
    counts: { new: 2, changed: 1, unchanged: 0, gone: 0, invalid: 3, over_limit: 0 },
  });
  expect(reasons(first.report)).toEqual(FIRST_REPORT);
  const db = await getDb();
  const owned = await db.select().from(products).where(eq(products.workspaceId, workspaceId));
  const bySku = Object.fromEntries(owned.map((p) => [p.sku, p]));
  expect(Object.keys(bySku).sort()).toEqual(["CHG-1", "FORM-1", "GONE-1", "NEW-1"]);
  expect(bySku["CHG-1"]!.name).toBe("Blender");
  expect(bySku["FORM-1"]!.name).toBe(FORMULA);
  expect(bySku["NEW-1"]).toMatchObject({ name: "Robot pâtissier", brand: "Moulinex", category: "Maison > Cuisine" });
  expect(Number(bySku["NEW-1"]!.referencePrice)).toBe(149.99);

  // the same feed again changes nothing
  const second = await runToEnd(token, feedId);
  expect(second.counts).toEqual({ new: 0, changed: 0, unchanged: 3, gone: 0, invalid: 3, over_limit: 0 });
  const again = await db.select().from(products).where(eq(products.workspaceId, workspaceId));
  expect(again.map((p) => [p.id, p.updatedAt.toISOString()]).sort()).toEqual(
    owned.map((p) => [p.id, p.updatedAt.toISOString()]).sort(),
  );
  return first;
}

describe("catalogue feeds", () => {
  it("a Google Merchant RSS feed from a URL: a row of every kind, its CSV report, then idempotent", async () => {
    const who = await workspace();
    server.serve("/google.xml", googleXml(), { type: "application/rss+xml" });
    const created = await call(createFeed, "/api/feeds", {
      token: who.token,
      body: { name: "Google", url: `${server.url}/google.xml`, frequency: "daily" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ format: "google_xml", mapping: { sku: "g:id", name: "title" } });
    const first = await expectEveryKind(who.token, who.workspaceId, created.json.id);

    // the DOCTYPE's external entity was never read
    const db = await getDb();
    const [robot] = await db
      .select()
      .from(products)
      .where(and(eq(products.workspaceId, who.workspaceId), eq(products.sku, "NEW-1")));
    expect(robot!.description).toBe("&xxe;");

    const report = await call(getReport, "/x", {
      token: who.token,
      params: { feedId: created.json.id, runId: first.id },
    });
    expect(report.status).toBe(200);
    expect(report.headers.get("content-type")).toContain("text/csv");
    expect(report.text).toContain("Ligne;Référence (SKU);Nom;Résultat;Motif;Champs modifiés");
    expect(report.text).toContain("'=SOMME(A1:A9)");
    expect(report.text).toContain("CHG-1;Blender;Modifié;;Nom du produit");

    const audit = await db.select().from(auditEvents).where(eq(auditEvents.workspaceId, who.workspaceId));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["feed.created", "feed.run", "feed.run_done"]));

    // the feed loses two of its products: they are reported gone (after the errors and the duplicate), kept
    server.serve("/google.xml", googleXml(ITEMS.filter((i) => i.sku !== "CHG-1" && i.sku !== "FORM-1")), {
      type: "application/rss+xml",
    });
    const third = await runToEnd(who.token, created.json.id);
    expect(third.counts).toEqual({ new: 0, changed: 0, unchanged: 1, gone: 2, invalid: 3, over_limit: 0 });
    expect(reasons(third.report)).toEqual([
      "BAD-1 invalid : Code EAN invalide (chiffre de contrôle)",
      "LONG-1 invalid : Le nom du produit ne doit pas dépasser 200 caractères",
      DUPLICATE,
      `CHG-1 ${GONE}`,
      `FORM-1 ${GONE}`,
      "NEW-1 unchanged",
    ]);
    const gone = await call(getRun, "/x", {
      token: who.token,
      params: { feedId: created.json.id, runId: third.id },
      query: { outcome: "gone" },
    });
    expect(reasons(gone.json.report)).toEqual([`CHG-1 ${GONE}`, `FORM-1 ${GONE}`]);
    const csv = await call(getReport, "/x", {
      token: who.token,
      params: { feedId: created.json.id, runId: third.id },
    });
    expect(
      csv.text
        .split(/\r?\n/)
        .slice(1, 7)
        .map((l: string) => l.split(";")[1]),
    ).toEqual(["BAD-1", "LONG-1", "NEW-1", "CHG-1", "FORM-1", "NEW-1"]);
    expect((await db.select().from(products).where(eq(products.workspaceId, who.workspaceId))).length).toBe(4);
  });

  for (const [key, file] of Object.entries(FILES)) {
    it(`a ${key} file: its format found from the header, a row of every kind, then idempotent`, async () => {
      const who = await workspace();
      const created = await upload(who.token, file.name, file.body());
      expect(created.status).toBe(201);
      expect(created.json.format).toBe(file.format);
      await expectEveryKind(who.token, who.workspaceId, created.json.id);
    });
  }

  it("the mapping is the user's: a column chosen is remembered and read by the next run", async () => {
    const who = await workspace();
    const created = await upload(who.token, "catalogue.csv", FILES.veilleprix!.body());
    const mapping = { ...created.json.mapping, brand: null, category: "marque" };
    const patched = await call(patchFeed, "/x", {
      method: "PATCH",
      token: who.token,
      params: { feedId: created.json.id },
      body: { mapping },
    });
    expect(patched.status).toBe(200);
    const feed = await call(getFeed, "/x", { token: who.token, params: { feedId: created.json.id } });
    expect(feed.json.mapping).toEqual(mapping);
    await runToEnd(who.token, created.json.id);
    const db = await getDb();
    const [robot] = await db
      .select()
      .from(products)
      .where(and(eq(products.workspaceId, who.workspaceId), eq(products.sku, "NEW-1")));
    expect(robot).toMatchObject({ brand: null, category: "Moulinex" });
    const unknown = await call(patchFeed, "/x", {
      method: "PATCH",
      token: who.token,
      params: { feedId: created.json.id },
      body: { mapping: { ...mapping, mpn: "colonne inconnue" } },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.detail).toBe("La colonne « colonne inconnue » n'existe pas dans le flux");
  });

  it("a new minimum advertised price from the feed re-judges the product's latest reading, as an edit does", async () => {
    const who = await workspace();
    const db = await getDb();
    const [product] = await db
      .select()
      .from(products)
      .where(and(eq(products.workspaceId, who.workspaceId), eq(products.sku, "CHG-1")));
    const [url] = await db
      .insert(productUrls)
      .values({
        workspaceId: who.workspaceId,
        productId: product!.id,
        name: "Boutique",
        url: "https://boutique.example/p",
      })
      .returning();
    await db.insert(priceHistory).values({ urlId: url!.id, price: "45.00", currency: "EUR", available: true });
    const body = "sku;produit;prix_minimum\nCHG-1;Ancien nom;50,00\n";
    const created = await upload(who.token, "prix-minimum.csv", body);
    expect(created.status).toBe(201);
    const run = await runToEnd(who.token, created.json.id);
    expect(run.counts).toMatchObject({ changed: 1 });
    const flags = await db.select().from(priceFlags).where(eq(priceFlags.urlId, url!.id));
    expect(flags).toMatchObject([{ kind: "below_min_advertised", resolvedAt: null }]);
  });

  it("the plan's product limit: the rows beyond it are reported, not dropped silently", async () => {
    const who = await signUp(); // Freemium: 5 products
    const rows = Array.from({ length: 7 }, (_, i) => `S-${i};Produit ${i}`);
    const created = await upload(who.token, "c.csv", ["sku;produit", ...rows].join("\n"));
    const run = await runToEnd(who.token, created.json.id);
    expect(run.counts).toMatchObject({ new: 5, over_limit: 2 });
    expect(
      run.report
        .filter((r: { outcome: string }) => r.outcome === "over_limit")
        .map((r: { reason: string }) => r.reason),
    ).toEqual([
      "Limite de 5 produits de votre plan atteinte : produit non créé",
      "Limite de 5 produits de votre plan atteinte : produit non créé",
    ]);
  });

  it("a URL feed runs on its schedule: the sweep starts the due feed once and moves its next date", async () => {
    const who = await workspace();
    server.serve("/planned.xml", googleXml());
    const created = await call(createFeed, "/api/feeds", {
      token: who.token,
      body: { name: "Planifié", url: `${server.url}/planned.xml`, frequency: "weekly" },
    });
    const feedId = created.json.id;
    const db = await getDb();
    const due = () => db.select().from(catalogFeeds).where(eq(catalogFeeds.id, feedId));
    expect((await due())[0]!.nextRunAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
    expect((await runLocalJob(JOBS.sweepFeeds, {})) as object).toMatchObject({ scheduled: 0 });
    await db
      .update(catalogFeeds)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(catalogFeeds.id, feedId));
    expect((await runLocalJob(JOBS.sweepFeeds, {})) as object).toMatchObject({ scheduled: 1 });
    expect((await runLocalJob(JOBS.sweepFeeds, {})) as object).toMatchObject({ scheduled: 0 });
    await settleLocalJobs();
    const feed = await call(getFeed, "/x", { token: who.token, params: { feedId } });
    expect(feed.json.runs.map((r: { trigger: string; status: string }) => `${r.trigger} ${r.status}`)).toEqual([
      "schedule done",
    ]);
    expect(feed.json.last_run.counts).toMatchObject({ new: 2, changed: 1, gone: 0, invalid: 3 });
    expect(new Date(feed.json.next_run_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
  });

  it("a feed URL answering 404 or garbage: the run fails with a clear French error", async () => {
    const who = await signUp();
    server.serve("/garbage", Buffer.from([0, 1, 2, 3, 255, 254, 0, 0, 9]), { type: "application/octet-stream" });
    const cases = [
      ["/absent.xml", "Le flux est introuvable à cette adresse (erreur 404)"],
      ["/garbage", "Le flux est illisible : ni un fichier CSV, ni un fichier XLSX, ni un flux XML (RSS ou Atom)"],
    ];
    for (const [path, message] of cases) {
      const created = await call(createFeed, "/api/feeds", {
        token: who.token,
        body: { name: path, url: `${server.url}${path}` },
      });
      expect(created.status).toBe(201);
      expect(created.json.preview_error).toBe(message);
      const run = await runToEnd(who.token, created.json.id);
      expect(run).toMatchObject({ status: "failed", error: message, message });
    }
  });

  it("the SSRF guard refuses a private or metadata address, at creation and when fetching", async () => {
    const who = await signUp();
    const refused = await call(createFeed, "/api/feeds", {
      token: who.token,
      body: { name: "Métadonnées", url: "http://169.254.169.254/latest/meta-data" },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.detail).toBe("Adresse refusée : 169.254.169.254 est une adresse lien-local");
    await expect(fetchFeed("http://127.0.0.1/ok.xml", { allowPrivate: false })).rejects.toThrow(
      "Flux injoignable : Adresse refusée : 127.0.0.1 est une adresse locale (loopback)",
    );
    await expect(
      fetchFeed("http://intranet.exemple.fr/flux.xml", {
        allowPrivate: false,
        resolve: async () => [{ address: "10.0.0.8", family: 4 }],
      }),
    ).rejects.toThrow("Adresse refusée : 10.0.0.8 est une adresse d'un réseau privé");
  });

  it("a Lecteur reads the feeds but cannot write (403); another workspace's feed ids are a 404", async () => {
    const owner = await workspace();
    const created = await upload(owner.token, "catalogue.csv", FILES.veilleprix!.body());
    const feedId = created.json.id;
    const run = await runToEnd(owner.token, feedId);
    const reader = await signUp();
    await addMember(owner.workspaceId, reader.userId, "reader");
    const token = await tokenIn(owner.workspaceId, reader.userId);
    expect((await call(listFeeds, "/x", { token })).json.map((f: { id: string }) => f.id)).toEqual([feedId]);
    expect((await call(getRun, "/x", { token, params: { feedId, runId: run.id } })).status).toBe(200);
    const writes = [
      call(createFeed, "/x", { token, body: { name: "X", url: "https://exemple.fr/f.xml" } }),
      call(patchFeed, "/x", { method: "PATCH", token, params: { feedId }, body: { name: "X" } }),
      call(runFeed, "/x", { method: "POST", token, params: { feedId } }),
      call(deleteFeed, "/x", { method: "DELETE", token, params: { feedId } }),
    ];
    for (const res of await Promise.all(writes)) expect(res.status).toBe(403);

    const stranger = await signUp();
    const other = { token: stranger.token };
    const answers = await Promise.all([
      call(getFeed, "/x", { ...other, params: { feedId } }),
      call(patchFeed, "/x", { ...other, method: "PATCH", params: { feedId }, body: { name: "X" } }),
      call(runFeed, "/x", { ...other, method: "POST", params: { feedId } }),
      call(getRun, "/x", { ...other, params: { feedId, runId: run.id } }),
      call(getReport, "/x", { ...other, params: { feedId, runId: run.id } }),
      call(deleteFeed, "/x", { ...other, method: "DELETE", params: { feedId } }),
    ]);
    expect(answers.map((a) => `${a.status} ${a.json?.detail}`)).toEqual([
      "404 Flux introuvable",
      "404 Flux introuvable",
      "404 Flux introuvable",
      "404 Exécution introuvable",
      "404 Exécution introuvable",
      "404 Flux introuvable",
    ]);
    expect((await call(listFeeds, "/x", other)).json).toEqual([]);
    // the owner deletes: the products stay
    expect((await call(deleteFeed, "/x", { method: "DELETE", token: owner.token, params: { feedId } })).status).toBe(
      204,
    );
    const db = await getDb();
    expect((await db.select().from(products).where(eq(products.workspaceId, owner.workspaceId))).length).toBe(4);
  });
});
