// npm run bench:weight – first-load JavaScript of the main pages, gzipped, as a browser downloads it:
// starts the production build (`next build` first unless E2E_SKIP_BUILD=1), reads each page's HTML, sums the
// gzipped size of every script it loads, and prints it next to the target of issue 14.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const TARGETS = { "/": 130, "/login": 150, "/products": 180, "/register": null, "/dashboard": null, "/pricing": null };

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

if (!process.env.E2E_SKIP_BUILD) {
  const res = spawnSync("npx", ["next", "build"], { cwd: root, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veilleprix-weight-"));
const server = spawn("npx", ["next", "start", "-p", String(port)], {
  cwd: root,
  env: { ...process.env, PGLITE_DIR: path.join(dataDir, "pglite"), JOBS_DISABLED: "1", DATABASE_URL: "" },
  stdio: "ignore",
  detached: true,
});
try {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  const sizes = new Map();
  const rows = [];
  let common = null;
  for (const [page, target] of Object.entries(TARGETS)) {
    const html = await (await fetch(`${base}${page}`, { redirect: "manual" })).text();
    // a modern browser skips the legacy polyfills (`<script nomodule>`): they are not part of its first load
    const srcs = [...html.matchAll(/<script([^>]+)>/g)]
      .filter((m) => !/\bnomodule\b/i.test(m[1]))
      .map((m) => /src="([^"]+)"/.exec(m[1])?.[1])
      .filter(Boolean);
    let total = 0;
    for (const src of new Set(srcs)) {
      if (!sizes.has(src)) {
        const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
        sizes.set(src, zlib.gzipSync(body, { level: 9 }).length);
      }
      total += sizes.get(src);
    }
    // inline flight data is part of the HTML; only script files are counted, as Next's "First Load JS" does
    // a page that redirects (a signed-out /dashboard) loads no script: it says nothing of the common floor
    if (srcs.length > 0) common = common ? new Set([...common].filter((src) => srcs.includes(src))) : new Set(srcs);
    const kb = total / 1024;
    rows.push({
      page,
      "JS gzip (KB)": kb.toFixed(1),
      scripts: srcs.length,
      target: target ? `≤ ${target}` : "—",
      ok: target ? (kb <= target ? "oui" : "NON") : "",
    });
  }
  console.table(rows.filter((r) => r.scripts > 0));
  const floor = [...(common ?? [])].reduce((sum, src) => sum + sizes.get(src), 0) / 1024;
  console.log(
    `Scripts chargés par toutes les pages (React, runtime Next.js, fournisseur de session) : ${floor.toFixed(1)} KB`,
  );
} finally {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
  fs.rmSync(dataDir, { recursive: true, force: true });
}
