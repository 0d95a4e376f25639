import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readOrCreateSecret } from "@/lib/secrets/read-or-create-secret";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "veilleprix-secret-"));
  dirs.push(dir);
  return dir;
}

describe("readOrCreateSecret", () => {
  it("generates a random secret once, readable by its owner only, and keeps it", () => {
    const file = path.join(tmp(), "data", "auth-secret");
    const first = readOrCreateSecret(file);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readOrCreateSecret(file)).toBe(first);
  });

  it("creates its folder 0700 and makes an existing secret readable by others owner-only", () => {
    const file = path.join(tmp(), "data", "auth-secret");
    const secret = readOrCreateSecret(file);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    fs.chmodSync(file, 0o644);
    expect(readOrCreateSecret(file)).toBe(secret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("differs from one data folder to another (no shared constant)", () => {
    expect(readOrCreateSecret(path.join(tmp(), "auth-secret"))).not.toBe(
      readOrCreateSecret(path.join(tmp(), "auth-secret")),
    );
  });

  it("refuses an empty or truncated secret file rather than signing with it", () => {
    const file = path.join(tmp(), "auth-secret");
    fs.writeFileSync(file, "court");
    expect(() => readOrCreateSecret(file)).toThrow(/Secret généré illisible ou trop court/);
  });
});
