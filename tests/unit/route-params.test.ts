import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const API = path.resolve("app/api");

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

describe("API routes with ids in their path", () => {
  it("validate their path params through the wrapper (a malformed id is a 404, never a database error)", () => {
    const missing = routeFiles(API)
      .filter((f) => /\[(?!\.\.\.)[^\]]+\]/.test(path.relative(API, f)))
      .filter((f) => /with(Auth|Public)\(/.test(fs.readFileSync(f, "utf8")))
      .filter((f) => !/params:\s*Z\w+Params/.test(fs.readFileSync(f, "utf8")))
      .map((f) => path.relative(process.cwd(), f));
    expect(missing).toEqual([]);
  });
});
