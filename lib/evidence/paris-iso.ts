import { toParisWallClock } from "@/lib/core/paris-wall-clock";

/** ISO 8601 in Europe/Paris with its offset: "2026-11-26T23:10:05+01:00". */
export function parisIso(date: Date): string {
  const wall = toParisWallClock(date);
  const minutes = Math.round((wall.getTime() - date.getTime()) / 60_000);
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${wall.toISOString().slice(0, 19)}${offset}`;
}
