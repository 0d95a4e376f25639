// The layer picture of lib/ (DESIGN.md §4), read from the imports: lib/http is the edge and no domain calls up
// into it; lib/core and lib/errors are below every domain; no two folders import each other at run time; a
// domain is entered through its front door (DESIGN.md §10).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { libImports, libPart, readImports, resolveSpecifier, root } from "../helpers/lib-imports";

/** The edge: route wrappers, error table, next-auth wiring. Imports domains; nothing in lib/ imports it. */
const EDGE = new Set(["http", "start-server"]);
/** Below the domains: imports nothing of lib/ but these, env and the database. */
const LOW = new Set(["core", "errors", "env"]);

/**
 * Folder pairs that still import each other at run time (issue 22): each must go, none may be added. A pair
 * that no longer imports both ways fails too, so that it leaves this list.
 */
const KNOWN_PAIRS: string[] = [];

const runtime = libImports().filter((i) => !i.typeOnly);

function partEdges() {
  const edges = new Map<string, string[]>();
  for (const i of runtime) {
    const from = libPart(i.from);
    const to = libPart(i.to);
    if (!from || !to || from === to) continue;
    const key = `${from} -> ${to}`;
    edges.set(key, [...(edges.get(key) ?? []), `${i.from} → ${i.to}`]);
  }
  return edges;
}

/** `a <-> b` for each pair of parts importing each other, with one import each way as the example. */
function mutualPairs(edges: Map<string, string[]>): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const [key, files] of edges) {
    const [a, b] = key.split(" -> ");
    const back = edges.get(`${b} -> ${a}`);
    if (back && a < b) pairs.set(`${a} <-> ${b}`, `${files[0]} ; ${back[0]}`);
  }
  return pairs;
}

describe("lib/ layers", () => {
  it("reads the graph: imports resolved, type-only ones told apart", () => {
    expect(runtime.length).toBeGreaterThan(1000);
    expect(resolveSpecifier("lib/products/x.ts", "@/lib/core/is-uuid")).toBe("lib/core/is-uuid.ts");
    expect(resolveSpecifier("lib/products/x.ts", "../core/is-uuid")).toBe("lib/core/is-uuid.ts");
    const source = [
      'import type { A } from "@/lib/http/a";',
      'import { type B } from "@/lib/http/b";',
      'export type { C } from "@/lib/http/c";',
      'import { type D, e } from "@/lib/http/e";',
      'import f from "./f";',
      'export { g } from "../g";',
      'const h = await import("@/lib/h");',
    ].join("\n");
    expect(readImports(source)).toEqual([
      { specifier: "@/lib/http/a", typeOnly: true },
      { specifier: "@/lib/http/b", typeOnly: true },
      { specifier: "@/lib/http/c", typeOnly: true },
      { specifier: "@/lib/http/e", typeOnly: false },
      { specifier: "./f", typeOnly: false },
      { specifier: "../g", typeOnly: false },
      { specifier: "@/lib/h", typeOnly: false },
    ]);
  });

  it("no domain imports the edge (lib/http) except by types", () => {
    const upward = runtime
      .filter((i) => !EDGE.has(libPart(i.from) ?? "") && EDGE.has(libPart(i.to) ?? ""))
      .map((i) => `${i.from} → ${i.to}`);
    expect(upward).toEqual([]);
  });

  it("lib/core, lib/errors and env import no domain", () => {
    const upward = runtime
      .filter((i) => LOW.has(libPart(i.from) ?? "") && libPart(i.to) !== undefined && !LOW.has(libPart(i.to) ?? ""))
      .map((i) => `${i.from} → ${i.to}`);
    expect(upward).toEqual([]);
  });

  it("no two folders import each other at run time (beyond the pairs still listed)", () => {
    const pairs = mutualPairs(partEdges());
    const added = [...pairs].filter(([pair]) => !KNOWN_PAIRS.includes(pair)).map(([pair, why]) => `${pair}: ${why}`);
    expect(added).toEqual([]);
    expect(KNOWN_PAIRS.filter((pair) => !pairs.has(pair))).toEqual([]);
  });
});

/** Domains whose callers still reach into their files (issue 22): each leaves this list once it has an index.ts. */
const NO_FRONT_DOOR_YET: string[] = [];

const domains = fs
  .readdirSync(path.join(root, "lib"), { withFileTypes: true })
  .filter((e) => e.isDirectory() && !EDGE.has(e.name) && !LOW.has(e.name))
  .map((e) => e.name);
const hasIndex = (domain: string) => fs.existsSync(path.join(root, "lib", domain, "index.ts"));
/**
 * A domain's doors: index.ts (its public functions), schemas.ts (zod schemas and messages the browser shares) and
 * messages.ts (messages a page shows without loading zod).
 */
const isDoor = (file: string) => /^lib\/[^/]+\/(index|schemas|messages)\.ts$/.test(file);

describe("lib/ front doors", () => {
  it("every domain has an index.ts but those still listed, and a listed one that has one leaves the list", () => {
    expect(domains.length).toBeGreaterThan(20);
    expect(domains.filter((d) => !hasIndex(d) && !NO_FRONT_DOOR_YET.includes(d))).toEqual([]);
    expect(NO_FRONT_DOOR_YET.filter((d) => hasIndex(d))).toEqual([]);
  });

  it("another folder of lib/ imports a domain through its index.ts, schemas.ts or messages.ts only", () => {
    const inside = libImports()
      .filter((i) => {
        const to = libPart(i.to);
        return to && to !== libPart(i.from) && hasIndex(to) && !isDoor(i.to);
      })
      .map((i) => `${i.from} → ${i.to}`);
    expect(inside).toEqual([]);
  });

  it("a domain never imports its own index.ts (its files import each other)", () => {
    const own = libImports()
      .filter((i) => libPart(i.from) === libPart(i.to) && /^lib\/[^/]+\/index\.ts$/.test(i.to))
      .map((i) => `${i.from} → ${i.to}`);
    expect(own).toEqual([]);
  });

  it("code the browser loads reaches no domain's index.ts (it would bundle the server side)", () => {
    const clientFiles = execFileSync("grep", ["-rlE", "^.use client", "app", "components", "client"], { cwd: root })
      .toString()
      .trim()
      .split("\n");
    const seen = new Set<string>();
    const reached: string[] = [];
    const stack = [...clientFiles];
    while (stack.length > 0) {
      const file = stack.pop() as string;
      if (seen.has(file) || !fs.existsSync(path.join(root, file))) continue;
      seen.add(file);
      for (const { specifier, typeOnly } of readImports(fs.readFileSync(path.join(root, file), "utf8"))) {
        const to = resolveSpecifier(file, specifier);
        if (typeOnly || !to) continue;
        if (/^lib\/[^/]+\/index\.ts$/.test(to)) reached.push(`${file} → ${to}`);
        else stack.push(to);
      }
    }
    expect(clientFiles.length).toBeGreaterThan(20);
    expect(reached).toEqual([]);
  });
});
