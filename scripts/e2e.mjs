// npm run test:e2e – builds the app, starts it on a free port with a fresh embedded database
// (or a fresh PostgreSQL database when TEST_DATABASE_URL is set), runs the browser tests, stops it.
// A second instance, "bare", is started the way most people start Next.js in production
// (`NODE_ENV=production next start` with NEXTAUTH_SECRET and APP_URL only: no APP_ENV, no DATABASE_URL, no
// demo or outbox switch); the black-box security tests (tests/security) attack it.
// `--project e2e` runs the browser scenarios only (the bare server is then not started): its database is the only
// thing that changes between an embedded and a PostgreSQL run. `--database` runs, of those, the scenarios that
// depend on the database (DATABASE_SCENARIOS): `npm run test:db` reruns only them on PostgreSQL.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

const root = path.resolve(import.meta.dirname, "..");
const _distDir = process.env.NEXT_DIST_DIR || ".next";

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

/** `next start` on `port` in its own process group (stopped as a whole), its output in `dataDir/logName`. */
function startServer(port, env, logName) {
  const child = spawn("npx", ["next", "start", "-p", String(port)], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const logPath = path.join(dataDir, logName);
  const log = fs.createWriteStream(logPath);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return { child, logPath };
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

/**
 * The browser scenarios that depend on the database: those that test a mechanism resting on what the database
 * does across the server's connections (the runner claiming tasks under row locks, an import written in
 * committed batches, a capture started once its flag's transaction commits), and the one that runs in full only
 * on PostgreSQL (readings written backdated into the server's database: E2E_DATABASE_URL). The other scenarios
 * use those mechanisms only to get readings, or read and write through the lib/ functions that the integration
 * tests run on both databases: the embedded run covers them (`npm test`).
 */
const DATABASE_SCENARIOS = [
  "tests/e2e/scrape.test.ts",
  "tests/e2e/import.test.ts",
  "tests/e2e/evidence.test.ts",
  "tests/e2e/promotion-flags.test.ts",
];

const args = process.argv.slice(2);
const databaseOnly = args.includes("--database");
// a renamed scenario must not silently leave the PostgreSQL pass
const missing = DATABASE_SCENARIOS.filter((file) => !fs.existsSync(path.join(root, file)));
if (databaseOnly && missing.length > 0) {
  console.error(`[e2e] scénarios introuvables : ${missing.join(", ")}`);
  process.exit(1);
}
const chosen = args.filter((_, i) => args[i - 1] === "--project");
const projects = databaseOnly ? ["e2e"] : chosen.length > 0 ? chosen : ["e2e", "security"];
const vitestArgs = [
  ...projects.flatMap((p) => ["--project", p]),
  ...args.filter((a, i) => a !== "--project" && args[i - 1] !== "--project" && a !== "--database"),
  ...(databaseOnly ? DATABASE_SCENARIOS : []),
];
const withBare = projects.includes("security");

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
  // one local shop serves every scenario: no spacing between its requests
  SCRAPER_HOST_SPACING_MS: "0",
  // the scenarios stand behind a proxy on loopback: registerUser gives each account an X-Forwarded-For of its own,
  // so the sign-up limit per address (20 an hour) counts each scenario, not the whole run
  TRUSTED_PROXIES: "127.0.0.1,::1",
  BILLING_DEMO: "1",
  DEV_OUTBOX: "1",
  NEXT_TELEMETRY_DISABLED: "1",
};
delete serverEnv.DATABASE_URL;
let dropDatabase = async () => {};
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const name = `veilleprix_e2e_${process.pid}_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  // commits that do not wait for the disk: the same isolation and locks, a fifth of the time a commit
  await admin.unsafe(`alter database ${name} set synchronous_commit = off`);
  // statements not compiled (jit off: the same plans and results, as in the integration tests' databases)
  await admin.unsafe(`alter database ${name} set jit = off`);
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
const { child: server, logPath } = startServer(port, serverEnv, "server.log");

const barePort = await freePort();
const bareUrl = `http://localhost:${barePort}`;
const bareEnv = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: process.env.LANG ?? "C.UTF-8" };
Object.assign(bareEnv, {
  NODE_ENV: "production",
  PORT: String(barePort),
  APP_URL: bareUrl,
  NEXTAUTH_SECRET: `bare-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  PGLITE_DIR: path.join(dataDir, "bare-pglite"),
  NEXT_TELEMETRY_DISABLED: "1",
  // settings given at start only (the build never saw them): tests/security/runtime-settings.test.ts
  COMPANY_NAME: "Société Nue Exploitation SARL",
  COMPANY_EMAIL: "bonjour@nue-exploitation.example",
});
const bareServer = withBare ? startServer(barePort, bareEnv, "bare-server.log") : null;

let status = 1;
try {
  await waitFor(`${baseUrl}/api/health`, 120_000);
  if (bareServer) await waitFor(`${bareUrl}/api/health`, 120_000);
  status = run("npx", ["vitest", "run", ...vitestArgs], {
    E2E_BASE_URL: baseUrl,
    E2E_DATA_DIR: dataDir,
    SECURITY_BASE_URL: bareUrl,
    // on PostgreSQL, the server's database, for the scenarios that must date readings in the past
    ...(serverEnv.DATABASE_URL ? { E2E_DATABASE_URL: serverEnv.DATABASE_URL } : {}),
  });
} catch (error) {
  console.error(String(error));
} finally {
  for (const child of [server, bareServer?.child].filter(Boolean)) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  }
  await new Promise((r) => setTimeout(r, 1000));
  await dropDatabase().catch(() => {});
  if (status !== 0) {
    console.log("[e2e] journal du serveur :");
    console.log(fs.readFileSync(logPath, "utf8").split("\n").slice(-80).join("\n"));
    if (bareServer) {
      console.log("[e2e] journal du serveur nu (bare) :");
      console.log(fs.readFileSync(bareServer.logPath, "utf8").split("\n").slice(-40).join("\n"));
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
