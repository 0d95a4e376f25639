const offsetParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const HOUR = 3_600_000;
const offsets = new Map<number, number>();

/** Europe/Paris offset from UTC in ms at an instant; DST changes fall on whole UTC hours, so it is cached per hour. */
function parisOffset(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const p: Record<string, number> = {};
    for (const part of offsetParts.formatToParts(new Date(hour * HOUR)))
      if (part.type !== "literal") p[part.type] = Number(part.value);
    offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - hour * HOUR;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/**
 * Spreadsheet dates carry no time zone: the returned Date, read as UTC (as exceljs writes it), shows the
 * Europe/Paris wall-clock time of the instant.
 */
export function toParisWallClock(date: Date): Date {
  return new Date(date.getTime() + parisOffset(date.getTime()));
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** dd/mm/yyyy HH:mm in Europe/Paris, as lib/format's formatDateTime, fast enough for 100,000-row exports. */
export function formatParisDateTime(date: Date): string {
  const d = toParisWallClock(date);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** The Europe/Paris calendar day of an instant, as 'YYYY-MM-DD' (price_daily.day). */
export function parisDay(date: Date): string {
  return toParisWallClock(date).toISOString().slice(0, 10);
}

/** The instant of 00:00 Europe/Paris on the day of `date` (DST changes happen at 02:00/03:00, never at midnight). */
export function parisMidnight(date: Date): Date {
  const wall = toParisWallClock(date);
  const midnightWall = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
  const guess = midnightWall - (wall.getTime() - date.getTime());
  return new Date(midnightWall - parisOffset(guess));
}

/** The instant of the next 00:00 Europe/Paris strictly after `date`'s day began (the end of its day). */
export function nextParisMidnight(date: Date): Date {
  return parisMidnight(new Date(parisMidnight(date).getTime() + 36 * 3_600_000));
}
