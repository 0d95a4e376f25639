import { sql } from "drizzle-orm";
import { type DbLike, queryRows } from "@/db";
import { nextParisMidnight, parisDay } from "@/lib/exports/paris-wall-clock";

/**
 * How many readings of a URL are within the retention (created at or after `cutoff`; all without one):
 * price_daily's counts of the whole days after the cutoff's day, plus the readings of that one day counted
 * in price_history. At most a day of readings is read, whatever the history size.
 */
export async function countRetainedReadings(db: DbLike, urlId: string, cutoff: Date | null): Promise<number> {
  if (!cutoff) {
    const [row] = await queryRows<{ n: string | number | null }>(
      db,
      sql`select sum(readings) as n from price_daily where url_id = ${urlId}`,
    );
    return Number(row?.n ?? 0);
  }
  const dayEnd = nextParisMidnight(cutoff);
  const [row] = await queryRows<{ n: string | number | null }>(
    db,
    sql`select coalesce((select sum(readings) from price_daily where url_id = ${urlId} and day > ${parisDay(cutoff)}::date), 0)
             + (select count(*) from price_history where url_id = ${urlId}
                   and created_at >= ${cutoff.toISOString()}::timestamptz
                   and created_at < ${dayEnd.toISOString()}::timestamptz) as n`,
  );
  return Number(row?.n ?? 0);
}
