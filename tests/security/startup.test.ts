import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { afterAll, describe, expect, it } from "vitest";

// Servers of the built app started here with their own environment (nothing inherited but PATH and HOME).
const root = path.resolve(import.meta.dirname, "../..");
const OLD_DEV_SECRET = "veilleprix-dev-secret-not-for-production-use-0123456789";
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const child of children) {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {}
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function start(port: number, env: Record<string, string>) {
  const child = spawn("npx", ["next", "start", "-p", String(port)], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.push(child);
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d));
  child.stderr.on("data", (d: Buffer) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code: number | null) => resolve(code)));
  return { child, exited, output: () => output };
}

async function healthy(url: string, exited: Promise<unknown>): Promise<boolean> {
  let gone = false;
  void exited.then(() => (gone = true));
  while (!gone) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veilleprix-start-"));
  dirs.push(dir);
  return dir;
}

describe("starting the built app", () => {
  it("refuses to start in production without its variables, naming every one of them", async () => {
    const port = await freePort();
    const server = start(port, {
      NODE_ENV: "production",
      APP_ENV: "production",
      PGLITE_DIR: path.join(tmpDir(), "pglite"),
    });
    const code = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toContain(
      "Variable d'environnement manquante en production : NEXTAUTH_SECRET, DATABASE_URL, APP_URL, RESEND_API_KEY",
    );
  });

  it("without NEXTAUTH_SECRET signs with a secret generated in its data folder, not the old source constant", async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    const data = tmpDir();
    const server = start(port, { NODE_ENV: "production", APP_URL: url, PGLITE_DIR: path.join(data, "pglite") });
    expect(await healthy(url, server.exited), server.output()).toBe(true);

    const reg = await fetch(`${url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        first_name: "Camille",
        last_name: "Durand",
        email: `cible-${port}@exemple.fr`,
        password: "motdepasse-solide",
        planId: null,
      }),
    });
    expect(reg.status).toBe(201);
    const { id } = (await reg.json()) as { id: string };

    const forged = await encode({ token: { sub: id, email: `cible-${port}@exemple.fr` }, secret: OLD_DEV_SECRET });
    const cookie = `next-auth.session-token=${forged}`;
    expect((await fetch(`${url}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
    const page = await fetch(`${url}/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toContain("/login");

    const file = path.join(data, "auth-secret");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8").trim()).not.toBe(OLD_DEV_SECRET);
  });
});
