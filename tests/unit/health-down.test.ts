import { afterEach, describe, expect, it, vi } from "vitest";

// the unit files share their workers' modules and environment (vitest.config.ts, isolate: false): this file reads
// lib/env afresh under its own DATABASE_URL, and leaves both as it found them
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("GET /api/health without a database", () => {
  it("answers 503 when the database cannot be reached", async () => {
    vi.resetModules();
    vi.stubEnv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/absente");
    const { GET } = await import("@/app/api/health/route");
    const res = await GET();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", database: false });
  });
});
