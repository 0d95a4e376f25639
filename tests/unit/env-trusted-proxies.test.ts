import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
  vi.resetModules();
});

describe("TRUSTED_PROXIES", () => {
  it("is a list of addresses and CIDRs, separated by commas or spaces", async () => {
    vi.resetModules();
    process.env.TRUSTED_PROXIES = "10.0.0.0/8, 192.0.2.1 fd00::/8";
    const { env } = await import("@/lib/env");
    expect(env.TRUSTED_PROXIES).toEqual(["10.0.0.0/8", "192.0.2.1", "fd00::/8"]);
  });

  it("is empty when unset, and refuses to start on a bad entry, naming it", async () => {
    vi.resetModules();
    expect((await import("@/lib/env")).env.TRUSTED_PROXIES).toEqual([]);
    for (const bad of ["10.0.0.0/40", "proxy.interne", "10.0.0.1/8/2"]) {
      vi.resetModules();
      process.env.TRUSTED_PROXIES = bad;
      await expect(import("@/lib/env")).rejects.toThrow(/TRUSTED_PROXIES/);
    }
  });
});
