import { describe, expect, it } from "vitest";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { GET as listUrls, POST as addUrl } from "@/app/api/products/[id]/urls/route";
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
});
