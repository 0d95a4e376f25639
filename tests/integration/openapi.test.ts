import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { call } from "../helpers/api";

type Doc = {
  openapi: string;
  info: { title: string };
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, unknown>;
        tags: string[];
        operationId: string;
        parameters: { name: string; in: string }[];
      }
    >
  >;
  components: { securitySchemes: Record<string, unknown> };
  "x-internal-routes": { path: string }[];
};

const API_DIR = path.join(process.cwd(), "app/api");
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** app/api/products/[id]/route.ts → /api/products/{id} */
function routePath(file: string): string {
  const rel = path.relative(path.join(process.cwd(), "app"), path.dirname(file)).split(path.sep).join("/");
  return `/${rel}`.replace(/\[([^\].]+)\]/g, "{$1}");
}

function exportedMethods(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  return HTTP_METHODS.filter((m) => new RegExp(`export\\s+(const|async\\s+function|function)\\s+${m}\\b`).test(source));
}

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document whose every operation has responses, tags and a unique id", async () => {
    const res = await call<Doc>(openapi, "/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.json;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("API VeillePrix");
    expect(doc.components.securitySchemes).toHaveProperty("bearerAuth");
    const ids = new Set<string>();
    for (const [p, item] of Object.entries(doc.paths)) {
      expect(p.startsWith("/api/")).toBe(true);
      const ops = Object.entries(item);
      expect(ops.length).toBeGreaterThan(0);
      for (const [method, op] of ops) {
        expect(HTTP_METHODS.map((m) => m.toLowerCase())).toContain(method);
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        expect(op.tags).toHaveLength(1);
        expect(ids.has(op.operationId)).toBe(false);
        ids.add(op.operationId);
        // every {param} of the path is declared
        for (const [, name] of p.matchAll(/\{(\w+)\}/g)) {
          expect(op.parameters.some((x) => x.in === "path" && x.name === name)).toBe(true);
        }
      }
    }
  });

  it("describes every route file under app/api and each HTTP method it exports", async () => {
    const doc = (await call<Doc>(openapi, "/api/openapi.json")).json;
    const internal = new Set(doc["x-internal-routes"].map((r) => r.path.replace(/\[([^\].]+)\]/g, "{$1}")));
    const missing: string[] = [];
    const files = routeFiles(API_DIR);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const p = routePath(file);
      if (internal.has(p)) continue;
      for (const method of exportedMethods(file)) {
        if (!doc.paths[p]?.[method.toLowerCase()]) missing.push(`${method} ${p}`);
      }
    }
    expect(missing).toEqual([]);
    // and nothing documented that does not exist
    const existing = new Set(files.map(routePath));
    expect(Object.keys(doc.paths).filter((p) => !existing.has(p))).toEqual([]);
  });

  it("builds request schemas from our zod schemas", async () => {
    const doc = (await call<Doc>(openapi, "/api/openapi.json")).json as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }>;
            };
          }
        >
      >;
    };
    const register = doc.paths["/api/auth/register"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(register.required).toEqual(expect.arrayContaining(["first_name", "last_name", "email", "password"]));
    expect(register.properties.password).toMatchObject({ minLength: 8 });
    const token = doc.paths["/api/tokens"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(token.properties.name).toMatchObject({ type: "string", minLength: 1, maxLength: 100 });
  });
});
