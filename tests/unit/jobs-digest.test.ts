import { describe, expect, it } from "vitest";
import { digestDayDue } from "@/lib/jobs/job-runner";

describe("digestDayDue", () => {
  it("is the Paris day from 08:00 Paris time, summer and winter", () => {
    expect(digestDayDue(new Date("2026-07-01T05:59:00Z"))).toBeNull(); // 07:59 CEST
    expect(digestDayDue(new Date("2026-07-01T06:00:00Z"))).toBe("2026-07-01");
    expect(digestDayDue(new Date("2026-12-01T06:59:00Z"))).toBeNull(); // 07:59 CET
    expect(digestDayDue(new Date("2026-12-01T07:00:00Z"))).toBe("2026-12-01");
    expect(digestDayDue(new Date("2026-12-01T22:30:00Z"))).toBe("2026-12-01"); // 23:30 in Paris
    expect(digestDayDue(new Date("2026-12-01T23:30:00Z"))).toBeNull(); // 00:30 the next day in Paris
  });
});
