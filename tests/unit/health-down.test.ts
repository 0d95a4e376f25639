import { describe, expect, it } from "vitest";

describe("GET /api/health without a database", () => {
  it("answers 503 when the database cannot be reached", async () => {
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = "postgres://nobody@127.0.0.1:1/absente";
    const { GET } = await import("@/app/api/health/route");
    const res = await GET();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", database: false });
  });
});
