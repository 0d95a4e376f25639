// npm run test:e2e – builds the app, starts it on a free port with a fresh embedded database
// (or a fresh PostgreSQL database when TEST_DATABASE_URL is set), runs the browser tests, stops it.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

const root = path.resolve(import.meta.dirname, "..");
const distDir = process.env.NEXT_DIST_DIR || ".next";

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function run(cmd, args, env) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return res.status ?? 1;
}

async function waitFor(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`le serveur ne répond pas sur ${url}`);
}

if (!process.env.E2E_SKIP_BUILD) {
  console.log("[e2e] next build");
  const status = run("npx", ["next", "build"], { NEXT_TELEMETRY_DISABLED: "1" });
  if (status !== 0) process.exit(status);
}

const port = await freePort();
const baseUrl = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veilleprix-e2e-"));
const serverEnv = {
  ...process.env,
  PORT: String(port),
  APP_URL: baseUrl,
  NEXTAUTH_URL: baseUrl,
  PGLITE_DIR: path.join(dataDir, "pglite"),
  SCRAPER_ALLOW_PRIVATE_HOSTS: "1",
  NEXT_TELEMETRY_DISABLED: "1",
};
delete serverEnv.DATABASE_URL;
let dropDatabase = async () => {};
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const name = `veilleprix_e2e_${process.pid}_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  serverEnv.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await c.unsafe(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

console.log(`[e2e] next start on ${baseUrl} (${serverUrl ? "PostgreSQL" : "PGlite"})`);
const server = spawn("npx", ["next", "start", "-p", String(port)], {
  cwd: root,
  env: serverEnv,
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
});
const logPath = path.join(dataDir, "server.log");
const log = fs.createWriteStream(logPath);
server.stdout.pipe(log);
server.stderr.pipe(log);

let status = 1;
try {
  await waitFor(`${baseUrl}/api/health`, 120_000);
  status = run("npx", ["vitest", "run", "--project", "e2e", ...process.argv.slice(2)], {
    E2E_BASE_URL: baseUrl,
    E2E_DATA_DIR: dataDir,
  });
} catch (error) {
  console.error(String(error));
} finally {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
  await new Promise((r) => setTimeout(r, 1000));
  await dropDatabase().catch(() => {});
  if (status !== 0) {
    console.log("[e2e] journal du serveur :");
    console.log(fs.readFileSync(logPath, "utf8").split("\n").slice(-80).join("\n"));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
