// The import graph of lib/, read from the sources (no compiler): who imports whom at run time, by file and by
// folder. Used by tests/unit/architecture.test.ts.
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
const lib = path.join(root, "lib");

export type TImport = { from: string; to: string; specifier: string; typeOnly: boolean };

/** Every .ts/.tsx file under `dir`, as a path relative to the repository (`lib/products/x.ts`). */
export function sourceFiles(dir = lib): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(path.relative(root, file));
    }
  };
  walk(dir);
  return files.sort();
}

/** The import and re-export specifiers of a source, each marked type-only when it brings in types alone. */
export function readImports(source: string): { specifier: string; typeOnly: boolean }[] {
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const statements = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*["']([^"']+)["']/g;
  for (const [, , typeKeyword, clause, specifier] of source.matchAll(statements)) {
    const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
    const allTypes =
      names !== undefined &&
      names.split(",").some((n) => n.trim()) &&
      names.split(",").every((n) => !n.trim() || /^type\s/.test(n.trim()));
    found.push({ specifier, typeOnly: Boolean(typeKeyword) || allTypes });
  }
  for (const [, specifier] of source.matchAll(/(?:^|[;\n])\s*import\s*["']([^"']+)["']/g))
    found.push({ specifier, typeOnly: false });
  for (const [, specifier] of source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g))
    found.push({ specifier, typeOnly: false });
  return found;
}

/** The repository file a specifier of `from` names (`lib/x/y.ts`, `lib/x/index.ts`), or undefined outside ours. */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const file = path.join(root, candidate);
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return path.normalize(candidate);
  }
  return path.normalize(base);
}

/** The part of lib/ a file belongs to: its folder (`products`), or its own name for a file at the top (`env`). */
export function libPart(file: string): string | undefined {
  const parts = file.split(path.sep);
  if (parts[0] !== "lib" || parts.length < 2) return undefined;
  return parts.length === 2 ? parts[1].replace(/\.tsx?$/, "") : parts[1];
}

/** Every import between files of lib/ (and from lib/ to db/ and others), resolved to repository paths. */
export function libImports(files = sourceFiles()): TImport[] {
  const imports: TImport[] = [];
  for (const from of files) {
    for (const { specifier, typeOnly } of readImports(fs.readFileSync(path.join(root, from), "utf8"))) {
      const to = resolveSpecifier(from, specifier);
      if (to) imports.push({ from, to, specifier, typeOnly });
    }
  }
  return imports;
}
