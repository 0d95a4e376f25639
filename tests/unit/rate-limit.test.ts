import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/api-error";
import { clientIp, rateLimit, resetRateLimits } from "@/lib/http/rate-limit";

describe("rateLimit", () => {
  it("allows the limit, refuses the next one with a 429, and opens again after the window", () => {
    resetRateLimits();
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) rateLimit("k", 3, 60_000, t0 + i);
    let caught: unknown;
    try {
      rateLimit("k", 3, 60_000, t0 + 10);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).status).toBe(429);
    expect((caught as ApiError).extra?.retryAfterSeconds).toBe(60);
    expect(() => rateLimit("other", 3, 60_000, t0 + 10)).not.toThrow();
    expect(() => rateLimit("k", 3, 60_000, t0 + 60_001)).not.toThrow();
  });

  it("reads the first forwarded address", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "198.51.100.1, 10.0.0.1" }))).toBe("198.51.100.1");
    expect(clientIp(new Headers({ "x-real-ip": "198.51.100.2" }))).toBe("198.51.100.2");
    expect(clientIp(new Headers())).toBe("local");
  });
});
