import { sql } from "drizzle-orm";
import { type DbLike, queryRows } from "@/db";
import { nextParisMidnight, parisDay } from "@/lib/core/paris-wall-clock";

/**
 * How many readings of one of the owner's URLs are within the retention (created at or after `cutoff`; all
 * without one), null when the URL is not the owner's: price_daily's counts of the whole days after the
 * cutoff's day, plus the readings of that one day counted in price_history. One statement, the ownership check
 * included; at most a day of readings is read, whatever the history size.
 */
export async function countRetainedReadings(
  db: DbLike,
  workspaceId: string,
  urlId: string,
  cutoff: Date | null,
): Promise<number | null> {
  const retained = cutoff
    ? sql`coalesce((select sum(readings) from price_daily
                     where url_id = ${urlId} and day > ${parisDay(cutoff)}::date), 0)
          + (select count(*) from price_history where url_id = ${urlId}
                and created_at >= ${cutoff.toISOString()}::timestamptz
                and created_at < ${nextParisMidnight(cutoff).toISOString()}::timestamptz)`
    : sql`coalesce((select sum(readings) from price_daily where url_id = ${urlId}), 0)`;
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`select ${retained} as n from product_urls where id = ${urlId} and workspace_id = ${workspaceId}`,
  );
  return row ? Number(row.n) : null;
}
