import { describe, expect, it } from "vitest";
import { dailyRunDue } from "@/lib/jobs/daily-run-due";
import { JOBS } from "@/lib/workers/registry";

describe("dailyRunDue", () => {
  const digest = JOBS.sendAlertDigest.trigger.daily;

  it("is the Paris day from the digest's 08:00 Paris time, summer and winter", () => {
    expect(dailyRunDue(new Date("2026-07-01T05:59:00Z"), digest)).toBeNull(); // 07:59 CEST
    expect(dailyRunDue(new Date("2026-07-01T06:00:00Z"), digest)).toBe("2026-07-01");
    expect(dailyRunDue(new Date("2026-12-01T06:59:00Z"), digest)).toBeNull(); // 07:59 CET
    expect(dailyRunDue(new Date("2026-12-01T07:00:00Z"), digest)).toBe("2026-12-01");
    expect(dailyRunDue(new Date("2026-12-01T22:30:00Z"), digest)).toBe("2026-12-01"); // 23:30 in Paris
    expect(dailyRunDue(new Date("2026-12-01T23:30:00Z"), digest)).toBeNull(); // 00:30 the next day in Paris
  });

  it("counts the minutes of the purge's 03:30", () => {
    const purge = JOBS.purgeHistory.trigger.daily;
    expect(dailyRunDue(new Date("2026-12-01T02:29:00Z"), purge)).toBeNull(); // 03:29 CET
    expect(dailyRunDue(new Date("2026-12-01T02:30:00Z"), purge)).toBe("2026-12-01");
  });
});
