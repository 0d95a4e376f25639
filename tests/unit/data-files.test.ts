import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const CHILD = path.join(import.meta.dirname, "../fixtures/open-pglite-child.ts");
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Every path under `root` whose mode lets anyone but the owner in, with that mode. */
function openToOthers(root: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const stat = fs.lstatSync(p);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) out.push(`${path.relative(root, p) || "."} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(root);
  return out;
}

describe("data files are the owner's only", () => {
  it("the embedded database and the generated secret are 0600 in 0700 folders, even under umask 000", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "veilleprix-data-"));
    dirs.push(root);
    const data = path.join(root, "data");
    // a folder left open by an older version, with an open file inside
    fs.mkdirSync(path.join(data, "pglite"), { recursive: true, mode: 0o777 });
    fs.chmodSync(data, 0o777);
    fs.chmodSync(path.join(data, "pglite"), 0o777);
    fs.writeFileSync(path.join(data, "pglite", "ancien"), "x", { mode: 0o666 });
    fs.chmodSync(path.join(data, "pglite", "ancien"), 0o666);
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development", PGLITE_DIR: path.join(data, "pglite") };
    for (const name of ["APP_ENV", "DATABASE_URL", "NEXTAUTH_SECRET", "VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID"])
      delete env[name];
    const res = spawnSync("sh", ["-c", 'umask 000 && exec "$0" --import tsx "$1"', process.execPath, CHILD], {
      env,
      encoding: "utf8",
    });
    expect(res.status, res.stderr).toBe(0);
    expect(fs.existsSync(path.join(data, "auth-secret"))).toBe(true);
    expect(fs.readdirSync(path.join(data, "pglite")).length).toBeGreaterThan(5);
    expect(openToOthers(path.join(data, "pglite"))).toEqual([]);
    expect((fs.statSync(path.join(data, "auth-secret")).mode & 0o777).toString(8)).toBe("600");
  }, 120_000);
});
