import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const CHILD = path.join(import.meta.dirname, "../fixtures/launch-browser-child.ts");

const read = (pid: number, file: string) => {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return "";
  }
};
const parentOf = (pid: number) => Number(read(pid, "stat").split(") ")[1]?.split(" ")[1]);
const alive = (pid: number) => {
  const state = read(pid, "stat").split(") ")[1]?.split(" ")[0];
  return state !== undefined && state !== "Z";
};

function descendants(root: number): number[] {
  const pids = fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const p of pids) {
      if (parentOf(p) === pid) {
        out.push(p);
        walk(p);
      }
    }
  };
  walk(root);
  return out;
}

describe("Chromium dies with its server", () => {
  it("exits when the process that launched it is killed with SIGKILL", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD], { stdio: ["ignore", "pipe", "inherit"] });
    let chromium: number[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (d) => String(d).includes("ready") && resolve());
        child.once("exit", (code) => reject(new Error(`le processus enfant s'est arrêté (${code})`)));
      });
      chromium = descendants(child.pid!).filter((p) => /chrom/i.test(read(p, "cmdline")));
      expect(chromium.length).toBeGreaterThan(0);
      child.kill("SIGKILL");
      // bounded wait for the orphans to go; they never do without a pipe tying Chromium to its parent
      for (let i = 0; i < 300 && chromium.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
      expect(chromium.filter(alive)).toEqual([]);
    } finally {
      child.kill("SIGKILL");
      for (const p of chromium.filter(alive)) process.kill(p, "SIGKILL");
    }
  }, 90_000);
});
