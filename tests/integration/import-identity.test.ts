import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { POST as importRoute } from "@/app/api/products/import/route";
import { GET as importStatus } from "@/app/api/products/import/[importId]/route";
import { GET as list, POST as create } from "@/app/api/products/route";
import { settleLocalJobs } from "@/lib/workers/local-jobs";
import { call, signUp } from "../helpers/api";

beforeAll(async () => {
  await getDb();
});

async function upload(token: string, name: string, content: string) {
  const form = new FormData();
  form.set("file", new File([content], name));
  const req = new NextRequest("http://localhost:3000/api/products/import", {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const res = await importRoute(req, { params: Promise.resolve({}) });
  const json = await res.json();
  expect(res.status).toBe(202);
  await settleLocalJobs();
  return call(importStatus, `/api/products/import/${json.id}`, { token, params: { importId: json.id } });
}

const HEADER = "produit;source;url;sku;ean;marque;mpn;categorie;tags;image;prix_achat;mon_prix;prix_minimum";

describe("import with the identity columns", () => {
  it("writes a row of every kind, refuses an invalid EAN and a duplicate SKU by line, loses nothing else", async () => {
    const { token } = await signUp();
    const existing = await call(create, "/api/products", { token, body: { name: "Bouilloire", sku: "BOU-1" } });
    expect(existing.status).toBe(201);
    await call(create, "/api/products", { token, body: { name: "Autre", sku: "PRIS-1" } });
    const file = [
      HEADER,
      // 2: new product, every column
      "Robot;Darty;https://darty.example/robot;ROB-1;3017620422003, 96385074;Moulinex;HF45;Maison>Cuisine>Robots;promo|cuisine;https://cdn.example/r.jpg;89,90;149,99;129",
      // 3: the same product, another URL, nothing more
      "Robot;Fnac;https://fnac.example/robot;;;;;;;;;;",
      // 4: invalid EAN
      "Mixeur;Darty;https://darty.example/mixeur;MIX-1;3017620422004;;;;;;;;",
      // 5: SKU of another product of the workspace
      "Grille-pain;Darty;https://darty.example/gp;PRIS-1;;;;;;;;;",
      // 6: SKU already given to another product of the file
      "Toaster;Darty;https://darty.example/toaster;ROB-1;;;;;;;;;",
      // 7: an existing product: its identity and 'mon prix' are set, its URL added
      "Bouilloire;Boulanger;https://boulanger.example/b;BOU-1;4006381333931;Seb;;Maison > Cuisine;;;;39,90;",
      // 8: no identity at all, as before
      "Cafetière;Darty;https://darty.example/cafe;;;;;;;;;;",
      // 9: an image that is not http(s)
      "Théière;Darty;https://darty.example/theiere;;;;;;;javascript:alert(1);;;",
    ].join("\n");
    const res = await upload(token, "catalogue.csv", file);
    expect(res.json).toMatchObject({ total_rows: 8, created_products: 2, created_urls: 4, refused_count: 4 });
    expect(res.json.refused.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [4, "Code EAN invalide (chiffre de contrôle)"],
      [5, "Cette référence (SKU) existe déjà"],
      [6, "Cette référence (SKU) existe déjà (ligne 2)"],
      [9, "L'image doit être une adresse http(s) valide"],
    ]);
    const listed = (await call(list, "/api/products", { token })).json as Record<string, unknown>[];
    const byName = Object.fromEntries(listed.map((p) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual(["Autre", "Bouilloire", "Cafetière", "Robot"]);
    expect(byName.Robot).toMatchObject({
      sku: "ROB-1",
      gtins: ["3017620422003", "96385074"],
      brand: "Moulinex",
      mpn: "HF45",
      category: "Maison > Cuisine > Robots",
      tags: ["promo", "cuisine"],
      image_url: "https://cdn.example/r.jpg",
      cost_price: "89.90",
      reference_price: "149.99",
      min_advertised_price: "129.00",
      url_count: 2,
    });
    expect(byName.Bouilloire).toMatchObject({
      sku: "BOU-1",
      gtins: ["4006381333931"],
      brand: "Seb",
      category: "Maison > Cuisine",
      reference_price: "39.90",
      url_count: 1,
    });
    expect(byName["Cafetière"]).toMatchObject({ sku: null, gtins: [], tags: [], brand: null, url_count: 1 });
  });

  it("still takes the SPEC's columns alone", async () => {
    const { token } = await signUp();
    const res = await upload(
      token,
      "simple.csv",
      "produit;description;source;url;frequence\nCasque;Sans fil;Darty;https://darty.example/casque;daily\n",
    );
    expect(res.json).toMatchObject({ created_products: 1, created_urls: 1, refused_count: 0 });
  });

  it("names the new columns when a required one is missing", async () => {
    const { token } = await signUp();
    const form = new FormData();
    form.set("file", new File(["produit;sku\nA;B\n"], "x.csv"));
    const req = new NextRequest("http://localhost:3000/api/products/import", {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    const res = await importRoute(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toContain("sku, ean, marque, mpn, categorie, tags, image, prix_achat");
  });
});
