import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/hash-password";

// The integration tests hash at argon2id's floor (TEST_FAST_PASSWORD_HASH): the cost users get is checked here.
describe("hashPassword", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("hashes with argon2id at the OWASP minimum (19 MiB, 2 passes, 1 lane), and verifies only the password", async () => {
    const stored = await hashPassword("motdepasse-solide");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "motdepasse-solide")).toBe(true);
    expect(await verifyPassword(stored, "motdepasse-Solide")).toBe(false);
  });

  it("lowers the cost for the tests only: TEST_FAST_PASSWORD_HASH is ignored outside NODE_ENV=test", async () => {
    vi.stubEnv("TEST_FAST_PASSWORD_HASH", "1");
    vi.stubEnv("NODE_ENV", "production");
    expect((await import("@/lib/env")).env.fastPasswordHash).toBe(false);
    vi.resetModules();
    vi.stubEnv("NODE_ENV", "test");
    const fast = await import("@/lib/auth/hash-password");
    const stored = await fast.hashPassword("motdepasse-solide");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await fast.verifyPassword(stored, "motdepasse-solide")).toBe(true);
  });
});
