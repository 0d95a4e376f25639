// extractProduct runs from any Node script (DESIGN §7): the entry and what it imports stay inside the extraction
// folder (lib/scraping/extract.ts, parse-price.ts, extract/) and reach no module through the `@/` alias.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { readImports, resolveSpecifier, root } from "../../helpers/lib-imports";

const ENTRY = "lib/scraping/extract.ts";
const INSIDE = (file: string) =>
  file === ENTRY || file === "lib/scraping/parse-price.ts" || file.startsWith("lib/scraping/extract/");
const PACKAGES = new Set(["css-select", "domhandler", "domutils", "entities"]);

function importGraph() {
  const files = new Set<string>();
  const outside: string[] = [];
  const stack = [ENTRY];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const { specifier } of readImports(fs.readFileSync(path.join(root, file), "utf8"))) {
      const to = resolveSpecifier(file, specifier);
      if (specifier.startsWith("@/") || (to && !INSIDE(to))) outside.push(`${file} → ${specifier}`);
      else if (to) stack.push(to);
      else if (!PACKAGES.has(specifier.split("/")[0])) outside.push(`${file} → ${specifier} (package)`);
    }
  }
  return { files, outside };
}

describe("extractProduct stands alone", () => {
  it("imports nothing outside the extraction folder, and no app module", () => {
    const { files, outside } = importGraph();
    expect(files.size).toBeGreaterThan(30);
    expect(outside).toEqual([]);
  });

  it("runs in a plain Node process whose TypeScript loader knows no path alias", async () => {
    // tsx reads tsconfig.json from the working directory: a temporary one has none, so `@/…` would not resolve
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "extract-"));
    const script = path.join(cwd, "run.mjs");
    fs.writeFileSync(
      script,
      [
        "const { extractProduct } = await import(process.argv[2]);",
        'const html = \'<html lang="fr"><body><h1>Robot</h1><p class="price">1 299,99 €</p><button>Ajouter au panier</button></body></html>\';',
        'const r = extractProduct(html, "https://boutique.example.fr/p");',
        "console.log(JSON.stringify({ price: r.price, currency: r.currency }));",
      ].join("\n"),
    );
    const tsx = path.join(root, "node_modules/tsx/dist/esm/index.mjs");
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--import", tsx, script, path.join(root, ENTRY)],
        {
          cwd,
          env: { PATH: process.env.PATH ?? "", NODE_ENV: "test" },
        },
      );
      expect(JSON.parse(stdout)).toEqual({ price: "1299.99", currency: "EUR" });
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  }, 60_000);
});
