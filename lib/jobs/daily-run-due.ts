const PARIS_DAY_TIME = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The Paris calendar day once its `at` time has passed (a daily job is due once that day), else null. */
export function dailyRunDue(now: Date, at: { hour: number; minute: number }): string | null {
  const parts = Object.fromEntries(PARIS_DAY_TIME.formatToParts(now).map((p) => [p.type, p.value]));
  if (Number(parts.hour) * 60 + Number(parts.minute) < at.hour * 60 + at.minute) return null;
  return `${parts.year}-${parts.month}-${parts.day}`;
}
