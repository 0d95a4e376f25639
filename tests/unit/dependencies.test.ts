// What `npm ci` and `npm ci --omit=dev` need, checked without the network: every package production code imports
// is a dependency, and the lock agrees with package.json and lists every optional package (each platform's
// @next/swc-*, @img/sharp-*, @esbuild/* …) the locked packages declare — npm ci refuses a lock missing one.
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8"));

const PRODUCTION = ["app", "lib", "db", "components", "client", "inngest"];

function productionFiles(): string[] {
  const files = fs
    .readdirSync(root)
    .filter((f) => f === "proxy.ts" || /^instrumentation.*\.ts$/.test(f))
    .map((f) => path.join(root, f));
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) files.push(file);
    }
  };
  for (const dir of PRODUCTION) walk(path.join(root, dir));
  return files;
}

/** The packages a source imports at run time (`import type`, `export type` and all-`type` lists excluded). */
function importedPackages(source: string): string[] {
  const specifiers: string[] = [];
  const statements = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*["']([^"']+)["']/g;
  for (const [, , typeOnly, clause, specifier] of source.matchAll(statements)) {
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    const allTypes = names !== undefined && names.split(",").every((n) => !n.trim() || /^type\s/.test(n.trim()));
    if (!typeOnly && !allTypes) specifiers.push(specifier);
  }
  for (const [, specifier] of source.matchAll(/(?:^|[;\n])\s*import\s*["']([^"']+)["']/g)) specifiers.push(specifier);
  for (const [, specifier] of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) specifiers.push(specifier);
  return specifiers
    .filter((s) => !s.startsWith(".") && !s.startsWith("@/") && !s.startsWith("node:") && !builtinModules.includes(s))
    .map((s) =>
      s
        .split("/")
        .slice(0, s.startsWith("@") ? 2 : 1)
        .join("/"),
    );
}

/** The lock entry a package at `from` (a key of `packages`) gets for `name`: its own node_modules, then upwards. */
function resolveInLock(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (base === "") return undefined;
    const up = base.lastIndexOf("/node_modules/");
    base = up < 0 ? "" : base.slice(0, up);
  }
}

/** What npm ci finds missing from the lock or out of line with package.json. */
function lockProblems(): string[] {
  const problems: string[] = [];
  const declared = lock.packages[""];
  for (const field of ["dependencies", "devDependencies", "optionalDependencies"]) {
    if (JSON.stringify(declared[field] ?? {}) !== JSON.stringify(pkg[field] ?? {}))
      problems.push(`${field} de package.json ≠ package-lock.json`);
  }
  for (const [key, entry] of Object.entries<Record<string, Record<string, string>>>(lock.packages)) {
    const wanted = { ...entry.dependencies, ...entry.optionalDependencies };
    for (const [name, range] of Object.entries(wanted)) {
      const found = resolveInLock(key, name);
      if (!found) problems.push(`Missing: ${name} (${key || "package.json"})`);
      else if (/^\d+\.\d+\.\d+$/.test(range) && lock.packages[found].version !== range)
        problems.push(`Invalid: ${found}@${lock.packages[found].version}, ${key || "package.json"} veut ${range}`);
    }
  }
  return problems;
}

describe("dependencies", () => {
  it("lists every package production code imports in `dependencies` (npm ci --omit=dev keeps them)", () => {
    const missing = new Set<string>();
    for (const file of productionFiles()) {
      for (const name of importedPackages(fs.readFileSync(file, "utf8")))
        if (!pkg.dependencies[name]) missing.add(`${name} (${path.relative(root, file)})`);
    }
    expect(productionFiles().length).toBeGreaterThan(200);
    expect([...missing]).toEqual([]);
  });

  it("reads only run-time imports", () => {
    const source = [
      'import type { A } from "types-only";',
      'import { type B, type C } from "types-list";',
      'export type { D } from "types-export";',
      'import { type E, f } from "mixed";',
      'import g from "@scope/pkg/sub";',
      'import "side-effect";',
      'const h = await import("lazy");',
      'import fs from "node:fs";',
      'import path from "path";',
      'import { i } from "@/lib/i";',
      'export { j } from "./j";',
      'export * from "re-export";',
    ].join("\n");
    expect(importedPackages(source).sort()).toEqual(["@scope/pkg", "lazy", "mixed", "re-export", "side-effect"]);
  });

  it("has a lock npm ci accepts: in line with package.json, every optional platform package listed", () => {
    const variants = Object.keys(lock.packages).filter((k) => /node_modules\/@next\/swc-darwin-arm64$/.test(k));
    expect(variants).not.toEqual([]);
    expect(lockProblems()).toEqual([]);
  });
});
