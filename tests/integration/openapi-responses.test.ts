import { describe, expect, it } from "vitest";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { GET as listUrls, POST as addUrl } from "@/app/api/products/[id]/urls/route";
import { PATCH as patchProduct } from "@/app/api/products/[id]/route";
import { POST as createProduct } from "@/app/api/products/route";
import { call, signUp } from "../helpers/api";
import { daysAgo, seedHistory, seedProduct, seedUrl } from "./history-fixtures";

type TSchema = { type?: string | string[]; properties?: Record<string, TSchema>; items?: TSchema; anyOf?: TSchema[] };

/** The documented JSON answer of an operation. */
async function documented(path: string, method: string, status: string): Promise<TSchema> {
  const doc = (await call(openapi, "/api/openapi.json")).json;
  return doc.paths[path][method].responses[status].content["application/json"].schema;
}

/** The object schema inside a nullable wrapper. */
const objectOf = (s: TSchema): TSchema => s.anyOf?.find((x) => x.properties) ?? s;

describe("the documented answers are the real ones", () => {
  it("GET /products/{id}/urls: every field of the real answer is documented, and only those", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId);
    const url = await seedUrl(workspaceId, product.id, "Darty");
    await seedHistory(url.id, [{ price: "19.90", at: daysAgo(0, 1) }]);
    const real = await call(listUrls, "/x", { token, params: { id: product.id } });
    expect(real.status).toBe(200);
    const [first] = real.json as Record<string, unknown>[];

    const schema = await documented("/api/products/{id}/urls", "get", "200");
    expect(schema.type).toBe("array");
    const item = schema.items!;
    expect(Object.keys(item.properties!).sort()).toEqual(Object.keys(first!).sort());
    const latest = objectOf(item.properties!.latest!);
    expect(Object.keys(latest.properties!).sort()).toEqual(Object.keys(first!.latest as object).sort());
  });

  it("POST /products/{id}/urls: the same fields, with the first scrape's task and the message", async () => {
    const { token, workspaceId } = await signUp();
    const product = await seedProduct(workspaceId);
    const res = await call(addUrl, "/x", {
      token,
      params: { id: product.id },
      body: { name: "Fnac", url: "https://www.fnac.com/a1", tracking_frequency: "daily" },
    });
    expect(res.status, res.text).toBe(201);
    const schema = await documented("/api/products/{id}/urls", "post", "201");
    expect(Object.keys(schema.properties!).sort()).toEqual(Object.keys(res.json).sort());
  });

  it("PATCH /products/{id}: the identity fields of the real answer are documented with their types", async () => {
    const { token } = await signUp();
    const created = await call(createProduct, "/api/products", { token, body: { name: "Robot" } });
    const id = created.json.id as string;
    const res = await call(patchProduct, "/x", {
      method: "PATCH",
      token,
      params: { id },
      body: { sku: "R-1", gtins: ["3017620422003"], tags: ["promo"], cost_price: "10", category: "A > B" },
    });
    expect(res.status, res.text).toBe(200);
    const schema = await documented("/api/products/{id}", "patch", "200");
    const identity = ["sku", "gtins", "brand", "mpn", "category", "tags", "image_url", "cost_price"];
    for (const key of identity) expect(Object.keys(res.json)).toContain(key);
    expect(Object.keys(schema.properties!)).toEqual(expect.arrayContaining(identity));
    expect(schema.properties!.gtins!.type).toBe("array");
    expect(schema.properties!.tags!.type).toBe("array");
    const doc = (await call(openapi, "/api/openapi.json")).json;
    const body = doc.paths["/api/products/{id}"].patch.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining([...identity, "name", "reference_price"]));
  });
});
