import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { plans, productUrls, products, scrapeTasks, subscriptions } from "@/db/schema";
import { POST as importRoute } from "@/app/api/products/import/route";
import { GET as importStatus } from "@/app/api/products/import/[importId]/route";
import { GET as getOne } from "@/app/api/products/[id]/route";
import { GET as list, POST as create } from "@/app/api/products/route";
import { settleLocalJobs } from "@/lib/workers/local-jobs";
import { call, signUp } from "../helpers/api";
import { polyglot } from "../helpers/hostile-zip";

const FIXTURES = path.join(import.meta.dirname, "../fixtures/import");
const PRODUCT_LIMIT = "Vous avez atteint la limite de 5 produits. Veuillez passer à un abonnement supérieur.";
const URL_LIMIT = "Vous avez atteint la limite de 3 URLs par produit. Veuillez passer à un abonnement supérieur.";

/** A product's URLs: the list carries only what the grid shows. */
async function urlsOf(token: string, id: string) {
  return (await call(getOne, `/api/products/${id}`, { token, params: { id } })).json.urls;
}

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

/**
 * POSTs a multipart form the way a browser does. An accepted file answers 202 with the import, which runs in
 * the background: this waits for its job and answers what GET /api/products/import/{id} then shows.
 */
async function upload(
  token: string | undefined,
  file: { name: string; content: string | Uint8Array } | null,
  fieldName = "file",
) {
  const form = new FormData();
  if (file) form.set(fieldName, new File([file.content as BlobPart], file.name));
  const headers = new Headers();
  if (token) headers.set("authorization", `Bearer ${token}`);
  const req = new NextRequest("http://localhost:3000/api/products/import", { method: "POST", body: form, headers });
  const res = await importRoute(req, { params: Promise.resolve({}) });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  if (res.status !== 202) return { status: res.status, json };
  const total = (json.total_rows as number).toLocaleString("fr-FR");
  expect(json).toMatchObject({ status: "pending", done_rows: 0, progress: `0 / ${total} lignes` });
  await settleLocalJobs();
  const id = json.id as string;
  return call(importStatus, `/api/products/import/${id}`, { token, params: { importId: id } });
}

const fixture = (name: string) => ({ name, content: new Uint8Array(fs.readFileSync(path.join(FIXTURES, name))) });

async function counts(workspaceId: string) {
  const db = await getDb();
  const [p] = await db.select({ n: count() }).from(products).where(eq(products.workspaceId, workspaceId));
  const [u] = await db.select({ n: count() }).from(productUrls).where(eq(productUrls.workspaceId, workspaceId));
  const [t] = await db.select({ n: count() }).from(scrapeTasks).where(eq(scrapeTasks.workspaceId, workspaceId));
  return { products: p!.n, urls: u!.n, tasks: t!.n };
}

describe("POST /api/products/import (CSV)", () => {
  it("imports the good rows of a ';' UTF-8 BOM file and refuses the others with their line and reason", async () => {
    const { token, workspaceId } = await signUp();
    const res = await upload(token, fixture("produits-point-virgule-bom.csv"));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      total_rows: 11,
      created_products: 2,
      updated_products: 0,
      created_urls: 4,
      refused_count: 7,
      message: "Import terminé : 4 URLs ajoutées, 2 produits créés, 7 lignes refusées.",
    });
    expect(res.json.refused.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [5, URL_LIMIT],
      [6, "Le nom du produit est obligatoire"],
      [7, "Veuillez entrer une URL valide commençant par http:// ou https://"],
      [8, "Le nom de la source est obligatoire"],
      [
        9,
        "Fréquence inconnue « mensuelle » : utilisez hourly, daily ou weekly (ou Toutes les heures, Quotidienne, Hebdomadaire)",
      ],
      [12, "URL en double dans le fichier pour ce produit (déjà ligne 10)"],
      [
        13,
        "Le suivi toutes les heures est réservé aux abonnements avec automatisation. Veuillez passer à un abonnement supérieur.",
      ],
    ]);
    expect(res.json.refused[0]).toMatchObject({ product: "Casque X", url: "https://www.amazon.example/casque-x" });

    const listed = await call(list, "/api/products", { token });
    const byName = Object.fromEntries(listed.json.map((p: { name: string }) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(["Casque X", "Enceinte Y"]);
    expect(byName["Casque X"]).toMatchObject({ description: "Casque sans fil", url_count: 3 });
    expect(
      (await urlsOf(token, byName["Casque X"].id)).map(
        (u: { name: string; url: string; tracking_frequency: string }) => [u.name, u.url, u.tracking_frequency],
      ),
    ).toEqual([
      ["Darty", "https://www.darty.example/casque-x", "daily"],
      ["Fnac", "https://www.fnac.example/casque-x", "weekly"],
      ["Boulanger", "https://www.boulanger.example/casque-x", "daily"],
    ]);
    const enceinte = await urlsOf(token, byName["Enceinte Y"].id);
    expect(enceinte).toHaveLength(1);
    expect(enceinte[0]).toMatchObject({ tracking_frequency: "weekly", last_status: "pending" });
    expect(await counts(workspaceId)).toEqual({ products: 2, urls: 4, tasks: 4 });
  });

  it("reads ',' files with header variations, fills an existing product and stops at the product limit", async () => {
    const { token, workspaceId } = await signUp();
    const existing = await call(create, "/api/products", {
      token,
      body: { name: "existant", urls: [{ name: "Déjà là", url: "https://www.deja.example/existant" }] },
    });
    expect(existing.status).toBe(201);
    for (const name of ["Autre 1", "Autre 2"])
      expect((await call(create, "/api/products", { token, body: { name } })).status).toBe(201);

    const res = await upload(token, fixture("produits-virgule.csv"));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      total_rows: 6,
      created_products: 2,
      updated_products: 1,
      created_urls: 3,
      refused_count: 3,
    });
    expect(res.json.refused.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [3, "Cette URL est déjà suivie pour ce produit"],
      [6, PRODUCT_LIMIT],
      [7, PRODUCT_LIMIT],
    ]);
    const listed = await call(list, "/api/products", { token });
    const byName = Object.fromEntries(listed.json.map((p: { name: string }) => [p.name, p]));
    expect(byName["existant"].url_count).toBe(2);
    expect(byName["Nouveau 1"]).toMatchObject({ description: "Premier, avec virgule", url_count: 1 });
    expect((await urlsOf(token, byName["Nouveau 1"].id))[0].tracking_frequency).toBe("weekly");
    expect(byName["Nouveau 3"]).toBeUndefined();
    expect((await counts(workspaceId)).products).toBe(5);
  });
});

describe("POST /api/products/import (XLSX)", () => {
  it("reads the first sheet, hyperlink cells and accented headers, with Excel row numbers", async () => {
    const { token, workspaceId } = await signUp();
    await setPlan(workspaceId, "professionnel");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Produits");
    sheet.addRow(["Nom du produit", "Description", "Nom de la source", "Lien", "Fréquence"]);
    sheet.addRow(["Lave-linge L9", "9 kg", "Darty", "https://www.darty.example/l9", "Toutes les heures"]);
    sheet.addRow([
      "Lave-linge L9",
      null,
      "Fnac",
      { text: "voir la fiche", hyperlink: "https://www.fnac.example/l9" },
      "hebdo",
    ]);
    sheet.addRow([]);
    sheet.addRow(["Lave-linge L9", null, "Sans URL", null, null]);
    sheet.addRow(["Sèche-linge S2", null, "Darty", "www.darty.example/s2", "daily"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());

    const res = await upload(token, { name: "catalogue.xlsx", content: bytes });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total_rows: 4, created_products: 1, created_urls: 2, refused_count: 2 });
    expect(res.json.refused.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [5, "L'URL est obligatoire"],
      [6, "Veuillez entrer une URL valide commençant par http:// ou https://"],
    ]);
    const listed = await call(list, "/api/products", { token });
    expect(listed.json).toHaveLength(1);
    expect(listed.json[0]).toMatchObject({ name: "Lave-linge L9", description: "9 kg" });
    expect(
      (await urlsOf(token, listed.json[0].id)).map((u: { url: string; tracking_frequency: string }) => [
        u.url,
        u.tracking_frequency,
      ]),
    ).toEqual([
      ["https://www.darty.example/l9", "hourly"],
      ["https://www.fnac.example/l9", "weekly"],
    ]);
  });

  it("handles a 5,000-row file on the Entreprise plan in one go", async () => {
    const { token, workspaceId } = await signUp();
    await setPlan(workspaceId, "entreprise");
    const lines = ["produit;description;source;url;frequence"];
    for (let p = 0; p < 1000; p++) {
      for (let s = 0; s < 5; s++)
        lines.push(
          `Produit ${p};Description ${p};Source ${s};https://shop${s}.example/p/${p};${s % 2 ? "weekly" : "daily"}`,
        );
    }
    const started = performance.now();
    const res = await upload(token, { name: "gros.csv", content: lines.join("\n") });
    const ms = Math.round(performance.now() - started);
    console.log(`[bench] import de 5 000 lignes : ${ms} ms`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total_rows: 5000, created_products: 1000, created_urls: 5000, refused_count: 0 });
    expect(await counts(workspaceId)).toEqual({ products: 1000, urls: 5000, tasks: 5000 });
  }, 120_000);
});

describe("POST /api/products/import (refused files)", () => {
  it("answers 422 to missing columns, an empty file and an old .xls file", async () => {
    const { token } = await signUp();
    const missing = await upload(token, { name: "a.csv", content: "produit;prix\nA;12\n" });
    expect(missing.status).toBe(422);
    expect(missing.json).toEqual({
      detail:
        "Colonnes manquantes : source, url. Colonnes attendues : produit, description, source, url, frequence ; facultatives : sku, ean, marque, mpn, categorie, tags, image, prix_achat, mon_prix, prix_minimum.",
      code: "invalid_columns",
    });
    const empty = await upload(token, { name: "vide.csv", content: "" });
    expect(empty.status).toBe(422);
    expect(empty.json.detail).toBe("Le fichier est vide");
    const blank = await upload(token, { name: "blanc.csv", content: "\n\n" });
    expect(blank.status).toBe(422);
    expect(blank.json.detail).toBe("Le fichier est vide");
    const xls = await upload(token, { name: "ancien.xls", content: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]) });
    expect(xls.status).toBe(422);
    expect(xls.json.detail).toBe("Format non pris en charge : utilisez un fichier CSV ou XLSX");
    const broken = await upload(token, {
      name: "casse.xlsx",
      content: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9, 9, 9]),
    });
    expect(broken.status).toBe(422);
    expect(broken.json.detail).toBe("Fichier XLSX illisible");
  });

  it("answers 413 to a file over 5 Mo, without importing anything", async () => {
    const { token, workspaceId } = await signUp();
    const header = "produit;source;url\n";
    const row = "P;S;https://a.example/x\n";
    const content = header + row.repeat(Math.ceil((5 * 1024 * 1024) / row.length) + 10);
    const res = await upload(token, { name: "enorme.csv", content });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({
      detail: "Le fichier dépasse la taille maximale autorisée (5 Mo)",
      code: "payload_too_large",
    });
    expect((await counts(workspaceId)).products).toBe(0);
  });

  it("strips NUL bytes from the cells of an import instead of failing", async () => {
    const { token, workspaceId } = await signUp();
    const content = "produit;source;url\nNul\u0000part;S\u0000;https://a.example/nul\n";
    const res = await upload(token, { name: "nul.csv", content });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(products).where(eq(products.workspaceId, workspaceId));
    expect(row!.name).toBe("Nulpart");
  });

  it("refuses an XLSX of thousands of tiny parts as unreadable, not as too large", async () => {
    const { token, workspaceId } = await signUp();
    const zip = new JSZip();
    for (let i = 0; i < 2500; i++) zip.file(`xl/p${i}.xml`, "<a/>");
    const res = await upload(token, { name: "miettes.xlsx", content: await zip.generateAsync({ type: "uint8array" }) });
    expect([res.status, res.json.code]).toEqual([422, "invalid_file"]);
    expect(res.json.detail).toBe("Fichier XLSX illisible : plus de 2 000 éléments dans l'archive");
    expect((await counts(workspaceId)).products).toBe(0);
  });

  it("refuses an XLSX that inflates past 25 Mo (zip bomb) with a 413, even when it declares small sizes", async () => {
    const { token, workspaceId } = await signUp();
    const zip = new JSZip();
    zip.file("[Content_Types].xml", "<Types/>");
    zip.file("xl/worksheets/sheet1.xml", new Uint8Array(30 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    const res = await upload(token, { name: "bombe.xlsx", content: bomb });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe("payload_too_large");
    expect(res.json.detail).toContain("décompressé");
    // the same archive with its central directory claiming 1 byte per entry
    const forged = Buffer.from(bomb);
    for (let i = 0; i < forged.length - 4; i++) {
      if (forged.readUInt32LE(i) === 0x02014b50) forged.writeUInt32LE(1, i + 24);
    }
    const lied = await upload(token, { name: "bombe.xlsx", content: new Uint8Array(forged) });
    expect(lied.status).toBe(413);
    expect((await counts(workspaceId)).products).toBe(0);
  });

  it("refuses an XLSX whose end record points to a fake central directory in front of a 2,000 MiB entry", async () => {
    const { token, workspaceId } = await signUp();
    const before = process.resourceUsage().maxRSS;
    const res = await upload(token, { name: "polyglotte.xlsx", content: new Uint8Array(polyglot(2000)) });
    expect([res.status, res.json]).toEqual([422, { detail: "Fichier XLSX illisible", code: "invalid_file" }]);
    // peak memory: the 2,000 MiB entry was never inflated
    expect((process.resourceUsage().maxRSS - before) / 1024).toBeLessThan(300);
    expect((await counts(workspaceId)).products).toBe(0);
  });

  it("answers 400 without a file field or to a JSON body, and 401 without a session", async () => {
    const { token } = await signUp();
    const noFile = await upload(token, { name: "a.csv", content: "x" }, "fichier");
    expect(noFile.status).toBe(400);
    expect(noFile.json.detail).toBe("Aucun fichier reçu (champ « file »)");
    const asJson = await call(importRoute, "/api/products/import", { token, body: { file: "produit;url" } });
    expect(asJson.status).toBe(400);
    expect(asJson.json.code).toBe("invalid_upload");
    const anon = await upload(undefined, fixture("produits-virgule.csv"));
    expect(anon.status).toBe(401);
  });

  it("shows an import only to its owner (404 otherwise)", async () => {
    const { token } = await signUp();
    const other = await signUp();
    const done = await upload(token, {
      name: "un.csv",
      content: "produit;source;url\nCasque;Fnac;https://www.fnac.example/c",
    });
    expect(done.json).toMatchObject({ status: "done", done_rows: 1, progress: "1 / 1 lignes", created_urls: 1 });
    const id = done.json.id as string;
    const foreign = await call(importStatus, `/api/products/import/${id}`, {
      token: other.token,
      params: { importId: id },
    });
    expect([foreign.status, foreign.json.detail]).toEqual([404, "Import introuvable"]);
    // a malformed id is the same 404 as an unknown import, code included
    for (const importId of ["pas-un-uuid", "123", `${id}x`, "\u0000"]) {
      const res = await call(importStatus, `/api/products/import/${importId}`, { token, params: { importId } });
      expect([res.status, res.json]).toEqual([404, { detail: "Import introuvable", code: "import_not_found" }]);
    }
    const unknown = crypto.randomUUID();
    const missing = await call(importStatus, `/api/products/import/${unknown}`, {
      token,
      params: { importId: unknown },
    });
    expect([missing.status, missing.json]).toEqual([404, { detail: "Import introuvable", code: "import_not_found" }]);
  });
});
