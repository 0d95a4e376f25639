import { parisDay, toParisWallClock } from "@/lib/core/paris-wall-clock";

/** The Paris calendar day once its `at` time has passed (a daily job is due once that day), else null. */
export function dailyRunDue(now: Date, at: { hour: number; minute: number }): string | null {
  const wall = toParisWallClock(now);
  if (wall.getUTCHours() * 60 + wall.getUTCMinutes() < at.hour * 60 + at.minute) return null;
  return parisDay(now);
}
