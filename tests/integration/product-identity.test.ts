import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { productGtins } from "@/db/schema";
import { GET as getOne, PATCH as patchOne, PUT as putOne } from "@/app/api/products/[id]/route";
import { GET as list, POST as create } from "@/app/api/products/route";
import { call, signUp } from "../helpers/api";

beforeAll(async () => {
  await getDb();
});

const IDENTITY = {
  sku: " ROB-001 ",
  gtins: ["3 017620 422003", "96385074"],
  brand: "Moulinex",
  mpn: "HF45",
  category: "Maison>Cuisine > Robots",
  tags: ["promo", "Été", "PROMO"],
  image_url: "https://cdn.example/robot.jpg",
  cost_price: "89,90",
  reference_price: "149.99",
  min_advertised_price: "129",
};

const createProduct = (token: string, body: unknown) => call(create, "/api/products", { token, body });
const patch = (token: string, id: string, body: unknown) =>
  call(patchOne, `/api/products/${id}`, { method: "PATCH", token, params: { id }, body });

describe("product identity in the API", () => {
  it("creates a product with its identity, answers it on the product and the list, and indexes its GTINs", async () => {
    const { token, workspaceId } = await signUp();
    const res = await createProduct(token, { name: "Robot cuiseur", ...IDENTITY });
    expect(res.status).toBe(201);
    const expected = {
      sku: "ROB-001",
      gtins: ["3017620422003", "96385074"],
      brand: "Moulinex",
      mpn: "HF45",
      category: "Maison > Cuisine > Robots",
      tags: ["promo", "Été"],
      image_url: "https://cdn.example/robot.jpg",
      cost_price: "89.90",
      reference_price: "149.99",
      min_advertised_price: "129.00",
    };
    expect(res.json).toMatchObject(expected);
    const id = res.json.id as string;
    expect((await call(getOne, `/api/products/${id}`, { token, params: { id } })).json).toMatchObject(expected);
    const listed = await call(list, "/api/products", { token });
    expect(listed.json[0]).toMatchObject(expected);

    const db = await getDb();
    const byCode = await db
      .select({ productId: productGtins.productId })
      .from(productGtins)
      .where(and(eq(productGtins.workspaceId, workspaceId), eq(productGtins.gtin, "03017620422003")));
    expect(byCode).toEqual([{ productId: id }]);
  });

  it("patches some fields, leaves the others, clears with null and replaces the GTINs", async () => {
    const { token } = await signUp();
    const { json } = await createProduct(token, { name: "Robot", description: "Le robot", ...IDENTITY });
    const res = await patch(token, json.id, { brand: "Seb", gtins: ["4006381333931"], image_url: null, tags: [] });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: "Robot",
      description: "Le robot",
      sku: "ROB-001",
      brand: "Seb",
      gtins: ["4006381333931"],
      image_url: null,
      tags: [],
      cost_price: "89.90",
      message: "Produit mis à jour avec succès",
    });
    // PUT keeps its contract: the name, and any absent field unchanged
    const put = await call(putOne, `/api/products/${json.id}`, {
      method: "PUT",
      token,
      params: { id: json.id },
      body: { name: "Robot 2", sku: "ROB-002" },
    });
    expect(put.json).toMatchObject({ name: "Robot 2", sku: "ROB-002", brand: "Seb", gtins: ["4006381333931"] });
    expect((await patch(token, json.id, {})).status).toBe(422);
  });

  it("answers 409 in French for a SKU of another product of the workspace, on create and on patch", async () => {
    const { token } = await signUp();
    expect((await createProduct(token, { name: "A", sku: "REF-1" })).status).toBe(201);
    const dup = await createProduct(token, { name: "B", sku: "REF-1" });
    expect(dup.status).toBe(409);
    expect(dup.json).toMatchObject({ detail: "Cette référence (SKU) existe déjà", code: "duplicate_sku" });
    const b = await createProduct(token, { name: "B", sku: "REF-2" });
    const patched = await patch(token, b.json.id, { sku: "REF-1" });
    expect(patched.status).toBe(409);
    expect(patched.json.detail).toBe("Cette référence (SKU) existe déjà");
    // its own SKU again is no conflict
    expect((await patch(token, b.json.id, { sku: "REF-2" })).status).toBe(200);
  });

  it("refuses concurrent creates of one SKU with one 201 and 409s, never a 500", async () => {
    const { token } = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createProduct(token, { name: `P${i}`, sku: "SAME" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it("lets another workspace use the same SKU and the same EAN", async () => {
    const a = await signUp();
    const b = await signUp();
    expect((await createProduct(a.token, { name: "A", sku: "X-1", gtins: ["3017620422003"] })).status).toBe(201);
    expect((await createProduct(b.token, { name: "B", sku: "X-1", gtins: ["3017620422003"] })).status).toBe(201);
    const other = await createProduct(a.token, { name: "C" });
    expect((await patch(b.token, other.json.id, { sku: "Y" })).status).toBe(404);
  });

  it.each([
    [{ gtins: ["3017620422004"] }, "Code EAN invalide (chiffre de contrôle)"],
    [{ gtins: ["30176"] }, "Code EAN invalide : 8, 12, 13 ou 14 chiffres"],
    [{ gtins: "3017620422003" }, "Code EAN invalide : 8, 12, 13 ou 14 chiffres"],
    [{ image_url: "javascript:alert(1)" }, "L'image doit être une adresse http(s) valide"],
    [{ cost_price: "-3" }, "Le prix d'achat HT doit être un montant positif avec au plus 2 décimales"],
    [{ sku: "x".repeat(101) }, "La référence (SKU) ne doit pas dépasser 100 caractères"],
    [{ tags: ["x".repeat(51)] }, "Une étiquette ne doit pas dépasser 50 caractères"],
  ])("answers 422 in French for %j", async (fields, detail) => {
    const { token } = await signUp();
    const res = await createProduct(token, { name: "Robot", ...fields });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ detail, code: "validation_error" });
    const ok = await createProduct(token, { name: "Robot" });
    const patched = await patch(token, ok.json.id, fields);
    expect(patched.status).toBe(422);
    expect(patched.json.detail).toBe(detail);
  });
});
